/**
 * Static HTTP server for end-to-end tests: serves a folder with Range, HEAD and CORS, and takes switches over
 * HTTP so tests in another process can inject latency and faults and read the request log.
 *
 * Control endpoints (all under `/__control`, never logged):
 * - `POST /__control/config[?scope=name]` `{ latencyMs?, faults?, seed? }` — replaces that scope's configuration
 *   (default scope ''); specs running in parallel each use their own scope so they do not undo each other;
 * - `POST /__control/reset[?scope=name]` — clears that scope's configuration; without a scope, every scope and the log;
 * - `GET /__control/log` — the request log as JSON.
 *
 * A fault applies to request paths containing `match` (all paths when empty) and is one of: an HTTP `status`
 * (e.g. 503), `reset` (destroy the socket), `truncate` (send half the body with the full Content-Length),
 * `stall` (send headers, then nothing), `wrong-length` (Content-Length larger than the body), `delay` (wait
 * `ms`, then go on; delays add up and do not stop the search for another fault), or `html-fallback` (a missing
 * file is answered 200 with an HTML page, as single-page-app hosts do; files that exist are served as usual).
 * `rate` (0..1) applies it to that share of requests, from a seeded generator so runs repeat; `count` limits how
 * many times. `latencyMs` delays every request. With `autoindex`, a folder URL ending in `/` answers an nginx-style directory index.
 *
 * Paths under `/answers/` are the answers of answers.ts (objects that are no dataset, 403, 410, an S3 endpoint with
 * no buckets). Paths under `/synthetic/` are the big synthetic stores made on demand (bench/synthetic/: pyramid.zarr, big.zarr);
 * `GET /__control/synthetic-log` lists their requests with the chunk read and when its last byte left;
 * `POST /__control/synthetic-log/reset` empties that list and nothing else (the faults other specs have set in their
 * scopes stay: a scope-less `reset` from one spec would end another's stall mid-test).
 */
import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createSynthetic } from '../../bench/synthetic/index.mjs';
import { seededRng } from '../../src/testing/seeded-rng';
import { answer } from './answers';
import { FALLBACK_PAGE, MIME, autoindexPage, cors, parseRange, readBody } from './http-helpers';

export interface Fault {
  kind: 'status' | 'reset' | 'truncate' | 'stall' | 'wrong-length' | 'delay' | 'html-fallback';
  status?: number;
  ms?: number;
  match?: string;
  rate?: number;
  count?: number;
}

export interface ServerConfig {
  latencyMs: number;
  faults: Fault[];
  seed: number;
}

export interface LogEntry {
  time: number;
  method: string;
  path: string;
  range: string | null;
  status: number;
  bytes: number;
  fault: string | null;
}

export interface StaticServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StaticServerOptions {
  /** Answer `GET <folder>/` with an nginx-style directory index (default: 404, as without `autoindex`). */
  readonly autoindex?: boolean;
}

export async function startStaticServer(
  root: string,
  port = 0,
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  interface Scope {
    config: ServerConfig;
    random: () => number;
  }
  const scopes = new Map<string, Scope>();
  const used = new Map<Fault, number>();
  const log: LogEntry[] = [];
  const absRoot = path.resolve(root);
  const synthetic = createSynthetic();

  /** Applies matching delays, then returns the first terminal fault (if any) over every scope. */
  async function pickFault(p: string): Promise<Fault | null> {
    let delay = 0;
    let chosen: Fault | null = null;
    for (const { config, random } of scopes.values()) {
      delay += config.latencyMs;
      for (const f of config.faults) {
        if (f.match && !p.includes(f.match)) continue;
        if (f.count !== undefined && (used.get(f) ?? 0) >= f.count) continue;
        if (f.rate !== undefined && random() >= f.rate) continue;
        if (f.kind === 'delay') {
          delay += f.ms ?? 0;
          continue;
        }
        if (chosen) continue;
        used.set(f, (used.get(f) ?? 0) + 1);
        chosen = f;
      }
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    return chosen;
  }

  async function control(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    p: string,
    scope: string | null,
  ): Promise<void> {
    res.setHeader('Content-Type', 'application/json');
    if (p === '/__control/log') {
      res.end(JSON.stringify(log));
      return;
    }
    if (p === '/__control/synthetic-log') {
      res.end(JSON.stringify(synthetic.log));
      return;
    }
    if (p === '/__control/synthetic-log/reset' && req.method === 'POST') {
      synthetic.log.length = 0;
      res.end('{}');
      return;
    }
    if (p === '/__control/reset') {
      if (scope === null) {
        scopes.clear();
        used.clear();
        log.length = 0;
        synthetic.log.length = 0;
      } else {
        scopes.delete(scope);
      }
      res.end('{}');
      return;
    }
    if (p === '/__control/config' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as Partial<ServerConfig>;
      const config = { latencyMs: body.latencyMs ?? 0, faults: body.faults ?? [], seed: body.seed ?? 1 };
      scopes.set(scope ?? '', { config, random: seededRng(config.seed) });
      res.end('{}');
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    cors(res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = decodeURIComponent(url.pathname);
    if (p.startsWith('/__control/')) return control(req, res, p, url.searchParams.get('scope'));
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const entry: LogEntry = {
      time: Date.now(),
      method: req.method ?? 'GET',
      path: p,
      range: req.headers.range ?? null,
      status: 0,
      bytes: 0,
      fault: null,
    };
    log.push(entry);
    const fault = await pickFault(p);
    entry.fault = fault ? `${fault.kind}${fault.status ? ` ${fault.status}` : ''}` : null;
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      entry.status = fault.status ?? 503;
      res.statusCode = entry.status;
      res.end(`Injected ${entry.status}`);
      return;
    }
    if (p.startsWith('/answers/')) {
      entry.status = answer(req, res, p.slice('/answers/'.length));
      return;
    }
    if (p.startsWith('/synthetic/')) {
      const answered = await synthetic.handle(req, res, p.slice('/synthetic'.length));
      [entry.status, entry.bytes] = [answered.status, answered.bytes];
      return;
    }
    const file = path.join(absRoot, p);
    if (!file.startsWith(absRoot)) {
      entry.status = res.statusCode = 403;
      res.end();
      return;
    }
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      stat = null;
    }
    if (stat?.isDirectory() && options.autoindex && p.endsWith('/')) {
      const page = await autoindexPage(file, p);
      entry.status = res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html');
      res.end(req.method === 'HEAD' ? undefined : page);
      return;
    }
    if (!stat?.isFile() && fault?.kind === 'html-fallback') {
      entry.status = res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(req.method === 'HEAD' ? undefined : FALLBACK_PAGE);
      return;
    }
    if (!stat?.isFile()) {
      entry.status = res.statusCode = 404;
      res.end('Not found');
      return;
    }
    const size = stat.size;
    let [start, end] = [0, size - 1];
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Type', MIME[path.extname(file)] ?? 'application/octet-stream');
    res.statusCode = 200;
    if (req.headers.range) {
      const r = parseRange(req.headers.range, size);
      if (!r) {
        entry.status = res.statusCode = 416;
        res.setHeader('Content-Range', `bytes */${size}`);
        res.end();
        return;
      }
      [start, end] = r;
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    const length = size === 0 ? 0 : end - start + 1;
    entry.status = res.statusCode;
    res.setHeader('Content-Length', String(fault?.kind === 'wrong-length' ? length + 100 : length));
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    if (fault?.kind === 'stall') {
      res.flushHeaders();
      return; // never send the body; the client's timeout must fire
    }
    const sendEnd = fault?.kind === 'truncate' ? start + Math.floor(length / 2) - 1 : end;
    entry.bytes = Math.max(0, sendEnd - start + 1);
    const stream = createReadStream(file, { start, end: Math.max(start, sendEnd) });
    stream.pipe(res, { end: false });
    stream.on('end', () => {
      if (fault && fault.kind !== 'html-fallback') req.socket.destroy();
      else res.end();
    });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
