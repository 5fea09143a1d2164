// Static server for the benchmarks: serves folders by URL prefix with Range, CORS and an injected latency, and
// counts requests and bytes per path. Binds 127.0.0.1 only. Plain HTTP/1.1, or with `tls` (a key and a
// self-signed certificate made at bench time) HTTP/2 over TLS, HTTP/1.1 offered as well (ALPN). With `synthetic`
// (bench/synthetic/index.mjs's createSynthetic()), paths under /synthetic/ are its stores made on demand; their log
// entries also say which chunk (level, i, j) was read and when the last byte left (`lastByte`, ms since the epoch).
import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';

const MIME = {
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The paths the injected latency applies to by default: the data, not the page and its scripts. */
const DATA_PREFIXES = ['/data/', '/synthetic/'];

/**
 * @param {Record<string, string>} mounts URL prefix ('/', '/data/') → folder
 * @param {{ tls?: { key: string | Buffer, cert: string | Buffer }, synthetic?: import('./synthetic/index.mjs').Synthetic }} [options]
 * @returns {Promise<{url: string, stop(): Promise<void>, setLatency(ms: number, prefix?: string | string[]): void, log: {path: string, range: string|null, bytes: number, level?: number|null, i?: number|null, j?: number|null, lastByte?: number|null}[]}>}
 */
export async function startServer(mounts, options = {}) {
  let latencyMs = 0;
  let latencyPrefixes = DATA_PREFIXES;
  const log = [];
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const handler = async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Range');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://x');
    const p = decodeURIComponent(url.pathname);
    if (latencyMs > 0 && latencyPrefixes.some((x) => p.startsWith(x)))
      await new Promise((r) => setTimeout(r, latencyMs));
    if (options.synthetic && p.startsWith('/synthetic/')) {
      const entry = { path: p, range: req.headers.range ?? null, bytes: 0, status: 404, time: performance.now() };
      log.push(entry);
      const e = await options.synthetic.handle(req, res, p.slice('/synthetic'.length));
      Object.assign(entry, { status: e.status, bytes: e.bytes, level: e.level, i: e.i, j: e.j, lastByte: e.lastByte });
      return;
    }
    const prefix = prefixes.find((m) => p.startsWith(m));
    const file = prefix ? path.join(mounts[prefix], p.slice(prefix.length) || 'index.html') : null;
    const root = prefix ? path.resolve(mounts[prefix]) : '';
    const entry = { path: p, range: req.headers.range ?? null, bytes: 0, status: 404, time: performance.now() };
    log.push(entry);
    let stat = null;
    if (file && path.resolve(file).startsWith(root)) stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return void res.writeHead(404).end();
    let start = 0;
    let end = stat.size - 1;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      if (range[1] === '') start = Math.max(0, stat.size - Number(range[2]));
      else {
        start = Number(range[1]);
        if (range[2] !== '') end = Math.min(end, Number(range[2]));
      }
      res.setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    }
    const len = Math.max(0, end - start + 1);
    entry.bytes = req.method === 'HEAD' ? 0 : len;
    entry.status = range ? 206 : 200;
    res.writeHead(entry.status, {
      'Content-Length': len,
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD' || len === 0) return void res.end();
    createReadStream(file, { start, end }).pipe(res);
  };
  const server = options.tls
    ? http2.createSecureServer({ ...options.tls, allowHTTP1: true }, handler)
    : http.createServer(handler);
  const sockets = new Set();
  server.on(options.tls ? 'secureConnection' : 'connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    log,
    setLatency(ms, prefix = DATA_PREFIXES) {
      latencyMs = ms;
      latencyPrefixes = Array.isArray(prefix) ? prefix : [prefix];
    },
    stop: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r(undefined));
      }),
  };
}
