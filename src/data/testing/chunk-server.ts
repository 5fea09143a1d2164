/**
 * The HTTP server the tests of chunks fetched by a decode worker share (`useChunkServer`: started before the calling
 * file's tests, stopped after them): `/frame` a Blosc frame sent in parts, `/html` a web page, `/html-bytes` bytes
 * said to be HTML, `/garbage` a body that is no frame, `/slow` the frame after 300 ms, `/error` a 500, `/v2/…` the
 * objects of src/data/testdata/v2.zarr, anything else 404.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { BLOSC_FRAME as FRAME } from './blosc-frame';

const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');

/** Starts the server for the calling file's tests; `base()` is its URL once they run. */
export function useChunkServer(): { base: () => string } {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/frame') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        // In parts, as a network delivers it.
        for (let at = 0; at < FRAME.length; at += 10000) res.write(FRAME.subarray(at, at + 10000));
        return void res.end();
      }
      if (path === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
      // Said to be HTML, but not a page: left to the page's store.
      if (path === '/html-bytes') return void res.writeHead(200, { 'content-type': 'text/html' }).end('\u0001\u0002');
      // A body that comes whole and is not a Blosc frame.
      if (path === '/garbage') return void res.writeHead(200).end('not a frame at all');
      if (path === '/slow') {
        setTimeout(() => res.writeHead(200).end(FRAME), 300);
        return;
      }
      if (path === '/error') return void res.writeHead(500).end('no');
      if (path.startsWith('/v2/')) {
        const bytes = (() => {
          try {
            return readFileSync(join(ROOT, path.slice(4)));
          } catch {
            return null;
          }
        })();
        return void (bytes ? res.writeHead(200).end(bytes) : res.writeHead(404).end());
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return { base: () => base };
}
