// An HTTP/1.1 proxy for the benchmarks that adds a fixed latency to every request before passing it on to `target`
// (as bench/server.mjs does for the folders it serves), and logs each request: its method, path and query, and
// when it arrived and its answer ended (ms, performance.now()). Binds 127.0.0.1 only. Headers and bodies pass
// through unchanged (the target's CORS headers included), except `host`, which names the target.
import http from 'node:http';

/**
 * @param {string} target `http://127.0.0.1:<port>`
 * @returns {Promise<{url: string, log: {method: string, url: string, start: number, end: number, status: number}[], setLatency(ms: number): void, stop(): Promise<void>}>}
 */
export async function startLatencyProxy(target, latencyMs = 0) {
  const to = new URL(target);
  const log = [];
  let latency = latencyMs;
  const server = http.createServer(async (req, res) => {
    const entry = { method: req.method ?? 'GET', url: req.url ?? '/', start: performance.now(), end: 0, status: 0 };
    log.push(entry);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const upstream = http.request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (up) => {
        entry.status = up.statusCode ?? 0;
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', () => (entry.end = performance.now()));
      },
    );
    upstream.on('error', () => {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setLatency: (ms) => void (latency = ms),
    stop: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r(undefined));
      }),
  };
}
