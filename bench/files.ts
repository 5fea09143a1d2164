/**
 * The file benchmarks of `npm run bench` (run by scripts/bench.mjs under tsx; prints one JSON object of rows and
 * notes on its last line): netCDF files read in place over HTTP with 20 ms per request (bench/server.mjs).
 *   nc4-open-1000-vars-round-trips       round trips to open a 1 GiB netCDF-4 file of 1,000 variables (its tree),
 *                                        written as netcdf-c's define mode lays it out (metadata first); the
 *                                        same variables written one by one (headers all over the file) in a note
 *   nc4-open-bytes-fraction              bytes read for that ÷ the file's size
 *   nc4-first-slice-vs-xarray-h5netcdf-fsspec   xarray + h5netcdf + fsspec ÷ ours, cold, one 512 × 512 variable
 *   nc4-bytes-per-chunk-byte             bytes fetched by the slice ÷ bytes of the chunks it touches
 *   nc4-first-slice-vs-whole-file        downloading the whole file (what a reader that needs the whole file,
 *                                        such as h5wasm in H5Web, must do first; loopback, no latency) ÷ ours
 *   nc3-first-slice-vs-xarray-scipy-fsspec      xarray + scipy + fsspec ÷ ours, one 721 × 1440 field of CDF-2
 * Round trips are counted from the server's log: arrivals more than half a latency apart are separate trips.
 */
import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { createDataContext } from '../src/data/context';
import { openDataset } from '../src/open';
// @ts-expect-error: a plain JavaScript module shared with scripts/bench.mjs (no declarations)
import { startServer } from './server.mjs';

interface LogEntry {
  readonly path: string;
  readonly bytes: number;
  /** When the server answered it (its latency after the request arrived), ms. */
  readonly time: number;
}

/**
 * Round trips of a request log: requests sent together arrive together; one that waited for an answer arrives at
 * least a latency after it. A gap over half the latency between arrivals starts a new round trip.
 */
function roundTrips(log: readonly LogEntry[]): number {
  const times = log.map((e) => e.time).sort((a, b) => a - b);
  let trips = times.length ? 1 : 0;
  for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! > LATENCY / 2) trips++;
  return trips;
}
interface BenchServer {
  readonly url: string;
  readonly log: LogEntry[];
  setLatency(ms: number, prefix?: string): void;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const FILES = path.join(ROOT, 'bench', 'tmp', 'files');
const PY = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const LATENCY = 20;
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);

interface Row {
  name: string;
  value: number;
  unit: string;
  target: number;
  baseline: string;
  met: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A fetch that measures the time during which at least one request is in flight. */
function timedFetch() {
  let inFlight = 0;
  let since = 0;
  let busy = 0;
  const f = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (inFlight++ === 0) since = performance.now();
    try {
      const r = await fetch(input, init);
      const body = await r.arrayBuffer();
      return new Response(r.status === 204 || r.status === 304 ? null : body, {
        status: r.status,
        statusText: r.statusText,
        headers: r.headers,
      });
    } finally {
      if (--inFlight === 0) busy += performance.now() - since;
    }
  };
  return { fetch: f as typeof fetch, busy: () => busy };
}

/** Runs a baseline script; asynchronously, so that the server in this process keeps answering it. */
function python(args: string[]): Promise<{ ms: number; n: number }> {
  return new Promise((resolve, reject) => {
    const c = spawn(PY, args);
    let out = '';
    let err = '';
    c.stdout.on('data', (d: Buffer) => (out += d.toString()));
    c.stderr.on('data', (d: Buffer) => (err += d.toString()));
    c.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as { ms: number; n: number })
        : reject(new Error(`${args[0]} failed: ${err.slice(-1500)}`)),
    );
  });
}

/** The median time of `TRIALS` runs of a baseline, one after another. */
async function baseline(args: string[]): Promise<number> {
  const ms: number[] = [];
  for (let t = 0; t < TRIALS; t++) ms.push((await python(args)).ms);
  return median(ms);
}

async function main() {
  const made = spawnSync(PY, [path.join(ROOT, 'bench', 'make-files.py'), FILES], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`make-files.py: ${made.stderr.slice(-1500)}`);
  const server = (await startServer({ '/data/': FILES })) as BenchServer;
  server.setLatency(LATENCY, '/data/');
  const rows: Row[] = [];
  const notes: string[] = [];
  const size4 = statSync(path.join(FILES, 'big4.nc')).size;
  const url4 = `${server.url}/data/big4.nc`;
  const url3 = `${server.url}/data/big3.nc`;
  try {
    // Open: the tree of 1,000 variables.
    const opens: { trips: number; busy: number; bytes: number; requests: number; ms: number }[] = [];
    const slices: { ms: number; bytes: number; chunkBytes: number }[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const tf = timedFetch();
      server.log.length = 0;
      const t0 = performance.now();
      const context = createDataContext({ workers: false });
      const ds = await openDataset({ kind: 'url', url: url4 }, { context, store: { fetch: tf.fetch } });
      const vars = ds.model.root.variables.length;
      if (vars !== 1000) throw new Error(`big4.nc: ${vars} variables`);
      const openMs = performance.now() - t0;
      opens.push({
        trips: roundTrips(server.log),
        busy: tf.busy(),
        bytes: server.log.reduce((a, e) => a + e.bytes, 0),
        requests: server.log.length,
        ms: openMs,
      });
      const before = server.log.length;
      await ds.read('/v0500', [null, null]);
      const sliceLog = server.log.slice(before);
      slices.push({
        ms: performance.now() - t0,
        bytes: sliceLog.reduce((a, e) => a + e.bytes, 0),
        chunkBytes: 4 * 256 * 256 * 4,
      });
    }
    const open = opens.sort((a, b) => a.trips - b.trips)[Math.floor(opens.length / 2)]!;
    // The same variables written one by one: 1,000 object headers spread over the file, a page each.
    {
      const tf = timedFetch();
      server.log.length = 0;
      const t0 = performance.now();
      const ds = await openDataset(
        { kind: 'url', url: `${server.url}/data/big4i.nc` },
        { context: createDataContext({ workers: false }), store: { fetch: tf.fetch } },
      );
      const sizeI = statSync(path.join(FILES, 'big4i.nc')).size;
      const bytes = server.log.reduce((a, e) => a + e.bytes, 0);
      notes.push(
        `nc4 open, variables written one by one (big4i.nc: object headers spread over the file): ${ds.model.root.variables.length} variables, ${roundTrips(server.log)} round trips, ${server.log.length} requests, ${round((100 * bytes) / sizeI, 2)}% of the file, ${round(performance.now() - t0, 0)} ms`,
      );
    }
    rows.push({
      name: 'nc4-open-1000-vars-round-trips',
      value: open.trips,
      unit: 'round trips',
      target: 25,
      baseline: `${open.requests} requests, ${round(open.bytes / 2 ** 20, 2)} MiB, ${round(open.ms, 0)} ms, requests in flight ${round(open.busy, 0)} ms (1,000 variables, ${round(size4 / 2 ** 30, 2)} GiB file)`,
      met: open.trips <= 25,
    });
    rows.push({
      name: 'nc4-open-bytes-fraction',
      value: round((100 * open.bytes) / size4, 3),
      unit: '%',
      target: 1,
      baseline: `${open.bytes} of ${size4} bytes`,
      met: open.bytes / size4 <= 0.01,
    });
    const ours4 = median(slices.map((s) => s.ms));
    const bytesRatio = median(slices.map((s) => s.bytes / s.chunkBytes));
    rows.push({
      name: 'nc4-bytes-per-chunk-byte',
      value: round(bytesRatio, 3),
      unit: 'ratio',
      target: 1.1,
      baseline: 'the 4 chunks of one 512 × 512 variable (index nodes included)',
      met: bytesRatio <= 1.1,
    });
    const x4 = await baseline([path.join(ROOT, 'bench', 'files-baseline.py'), url4, 'h5netcdf', 'v0500']);
    rows.push({
      name: 'nc4-first-slice-vs-xarray-h5netcdf-fsspec',
      value: round(x4 / ours4),
      unit: '×',
      target: 3,
      baseline: `xarray+h5netcdf+fsspec ${round(x4, 0)} ms; ours ${round(ours4, 0)} ms (open + one variable, cold)`,
      met: x4 / ours4 >= 3,
    });
    server.setLatency(0, '/data/');
    const whole: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const t0 = performance.now();
      const r = await fetch(url4);
      const n = (await r.arrayBuffer()).byteLength;
      if (n !== size4) throw new Error(`whole download: ${n} bytes`);
      whole.push(performance.now() - t0);
    }
    server.setLatency(LATENCY, '/data/');
    const w = median(whole);
    rows.push({
      name: 'nc4-first-slice-vs-whole-file',
      value: round(w / ours4),
      unit: '×',
      target: 10,
      baseline: `whole-file download ${round(w, 0)} ms on loopback without latency (before any whole-file reader can start); ours ${round(ours4, 0)} ms with 20 ms per request`,
      met: w / ours4 >= 10,
    });
    // netCDF-3: one field of a CDF-2 file.
    const ours3: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const t0 = performance.now();
      const context = createDataContext({ workers: false });
      const ds = await openDataset({ kind: 'url', url: url3 }, { context });
      await ds.read('/t', [7, null, null]);
      ours3.push(performance.now() - t0);
    }
    const x3 = await baseline([path.join(ROOT, 'bench', 'files-baseline.py'), url3, 'scipy', 't', '7']);
    const o3 = median(ours3);
    rows.push({
      name: 'nc3-first-slice-vs-xarray-scipy-fsspec',
      value: round(x3 / o3),
      unit: '×',
      target: 3,
      baseline: `xarray+scipy+fsspec ${round(x3, 0)} ms; ours ${round(o3, 0)} ms (open + one 721 × 1440 field, cold)`,
      met: x3 / o3 >= 3,
    });
    notes.push('File rows run in Node (the data path in-process), the baselines in Debian python3.');
  } finally {
    await server.stop();
  }
  console.log(JSON.stringify({ rows, notes }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
