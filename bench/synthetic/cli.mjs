#!/usr/bin/env node
// Serves the synthetic stores on 127.0.0.1 (CORS open) and prints their base URL on its first line:
//   node bench/synthetic/cli.mjs [port] [--until-stdin-closes]   →   http://127.0.0.1:PORT/synthetic
// (…/pyramid.zarr and …/big.zarr below it). Used by check-with-zarr.py; handy to open them in the viewer by hand.
import http from 'node:http';
import { createSynthetic } from './index.mjs';

const synthetic = createSynthetic();
const server = http.createServer((req, res) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Range');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (!p.startsWith('/synthetic/')) return void res.writeHead(404).end();
  synthetic.handle(req, res, p.slice('/synthetic'.length)).catch((e) => {
    console.error(e);
    if (!res.headersSent) res.writeHead(500).end(String(e));
  });
});
const args = process.argv.slice(2);
server.listen(Number(args.find((a) => /^\d+$/.test(a)) ?? 0), '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`http://127.0.0.1:${port}/synthetic`);
});
// With --until-stdin-closes it stops when its parent closes its stdin (the check script); otherwise on a signal.
if (args.includes('--until-stdin-closes')) {
  process.stdin.on('end', () => server.close(() => process.exit(0)));
  process.stdin.resume();
}
