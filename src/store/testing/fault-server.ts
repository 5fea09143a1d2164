/**
 * A scripted HTTP server on 127.0.0.1 for store tests: serves in-memory objects with Range/HEAD, and injects
 * faults per path from a queue (`503`, `429`, connection `reset`, `stall` without answering, `cors` headers off).
 *
 * @example
 * const s = await startFaultServer({ '/ds/.zattrs': '{}' });
 * s.fail('/ds/.zattrs', 503, 'reset'); // next two requests fail, then it serves
 * await s.stop();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = number | 'reset' | 'stall' | 'stall-body';

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
}

export interface FaultServer {
  readonly url: string;
  readonly requests: LoggedRequest[];
  /** Queues faults for the next requests to `path` (after they are used up, the path serves normally). */
  fail(path: string, ...faults: Fault[]): void;
  set(path: string, body: Uint8Array | string): void;
  /** Drops the faults still queued (all paths, or one). */
  clear(path?: string): void;
  stop(): Promise<void>;
}

export async function startFaultServer(objects: Record<string, Uint8Array | string> = {}): Promise<FaultServer> {
  const store = new Map<string, Buffer>(Object.entries(objects).map(([k, v]) => [k, Buffer.from(v)]));
  const faults = new Map<string, Fault[]>();
  const requests: LoggedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    res.setHeader('Access-Control-Allow-Origin', '*');
    const fault = faults.get(path)?.shift();
    if (fault === 'reset') return req.socket.destroy();
    if (fault === 'stall') return; // never answers
    if (typeof fault === 'number') {
      if (fault === 429) res.setHeader('Retry-After', '0');
      res.writeHead(fault, { 'content-type': 'text/plain' });
      return res.end(`fault ${fault}`);
    }
    const body = store.get(path);
    if (!body) {
      res.writeHead(404);
      return res.end('not found');
    }
    let status = 200;
    let out = body;
    const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (m) {
      const start = m[1] === '' ? Math.max(0, body.length - Number(m[2])) : Number(m[1]);
      const end = m[1] === '' || m[2] === '' ? body.length - 1 : Math.min(Number(m[2]), body.length - 1);
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` });
        return res.end();
      }
      status = 206;
      out = body.subarray(start, end + 1);
      res.setHeader('content-range', `bytes ${start}-${end}/${body.length}`);
    }
    res.writeHead(status, { 'content-length': String(out.length), 'accept-ranges': 'bytes' });
    if (req.method === 'HEAD') return res.end();
    if (fault === 'stall-body') return res.write(out.subarray(0, Math.floor(out.length / 2)));
    res.end(out);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (path, ...f) => faults.set(path, [...(faults.get(path) ?? []), ...f]),
    set: (path, body) => store.set(path, Buffer.from(body)),
    clear: (path) => (path === undefined ? faults.clear() : faults.delete(path)) && undefined,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
