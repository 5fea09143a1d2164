// Synthetic big fields served on demand (see field.mjs for the values, store.mjs for the stores): an HTTP handler
// the bench server (bench/server.mjs) and the e2e static server (e2e/harness/static-server.ts) mount under
// `/synthetic/`. Every request is logged with the chunk it read (level, i, j) and when its last byte left.
import { createSyntheticStore, parsePath } from './store.mjs';

export { CHUNK, HEIGHT, LEVELS, WIDTH, bump, chunkGrid, chunkValues, f, levelShape, levelValue } from './field.mjs';
export { DATASETS, createSyntheticStore, geoCoordinates, metadataDocs, parsePath } from './store.mjs';

/** Milliseconds since the epoch, with the sub-millisecond part (comparable across processes). */
const now = () => performance.timeOrigin + performance.now();

function range(header, size) {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return [Math.max(0, size - Number(m[2])), size - 1];
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end ? [start, end] : 'unsatisfiable';
}

/**
 * The synthetic stores behind an HTTP handler. `handle(req, res, path)` answers one request (`path`: the URL path
 * after `/synthetic`, e.g. '/pyramid.zarr/.zmetadata'; GET and HEAD, Range honoured; CORS headers are the caller's)
 * and resolves to its log entry. `log` holds every entry:
 * `{ time, path, dataset, key, level, i, j, status, bytes, lastByte }` — times in ms since the epoch, `lastByte`
 * when the response's last byte was handed to the socket; level/i/j are null for metadata.
 */
export function createSynthetic(options = {}) {
  const store = createSyntheticStore(options);
  const log = [];
  async function handle(req, res, path) {
    const at = parsePath(path);
    const entry = {
      time: now(),
      path,
      dataset: at?.dataset ?? null,
      key: at?.key ?? null,
      level: at?.level ?? null,
      i: at?.i ?? null,
      j: at?.j ?? null,
      status: 404,
      bytes: 0,
      lastByte: null,
    };
    log.push(entry);
    // 'close' without 'finish': the client went away before the last byte (lastByte stays null).
    const done = new Promise((resolve) => {
      res.once('finish', () => resolve((entry.lastByte = now())));
      res.once('close', resolve);
    });
    const found = req.method === 'GET' || req.method === 'HEAD' ? await store.get(path) : null;
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    } else {
      const size = found.body.length;
      const r = range(req.headers.range, size);
      if (r === 'unsatisfiable') {
        entry.status = 416;
        res.writeHead(416, { 'Content-Range': `bytes */${size}` });
        res.end();
      } else {
        const [start, end] = r ?? [0, size - 1];
        entry.status = r ? 206 : 200;
        const headers = {
          'Content-Type': found.type,
          'Content-Length': String(end - start + 1),
          'Accept-Ranges': 'bytes',
          'Cache-Control': 'no-store',
        };
        if (r) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
        res.writeHead(entry.status, headers);
        if (req.method === 'HEAD') res.end();
        else {
          entry.bytes = end - start + 1;
          res.end(r ? found.body.subarray(start, end + 1) : found.body);
        }
      }
    }
    await done;
    return entry;
  }
  return { store, log, handle };
}
