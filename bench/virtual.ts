/**
 * The virtual-store benchmarks of `npm run bench` (run by scripts/bench.mjs under tsx, `BENCH_ONLY=virtual`;
 * prints one JSON object of rows and notes on its last line): the same data read through a virtual store and
 * read as it is stored, both cold (a fresh data context, no workers, as bench/files.ts) over HTTP with 20 ms per
 * request (bench/server.mjs), in the same run, alternating which goes first; medians of the trials.
 *   refs-first-slice-vs-direct      open + one 1440 × 2880 field (144 zlib + shuffle chunks) of a netCDF-4 file
 *                                   read in place by byte ranges ÷ the same through a kerchunk reference JSON
 *                                   (version 1) whose chunks point into that file
 *   icechunk-first-slice-vs-zarr    open + one 4096 × 4096 field (256 bytes + zstd chunks) of a plain Zarr v3
 *                                   folder (consolidated metadata) ÷ the same zarr.json documents and chunk bytes
 *                                   in an Icechunk repository written by @earthmover/icechunk (found at its
 *                                   folder URL, no `#mode`)
 * Before the trials each reader reads another slice once, untimed (its modules loaded and compiled).
 * The data (bench/tmp/virtual) is written on first use by bench/make-virtual.py and
 * bench/make-virtual-icechunk.mjs. Each pair of reads must give the same values, or the run fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDataContext } from '../src/data/context';
import { openDataset } from '../src/open';
// @ts-expect-error: a plain JavaScript module shared with scripts/bench.mjs (no declarations)
import { startServer } from './server.mjs';

interface LogEntry {
  readonly path: string;
  readonly range: string | null;
  readonly bytes: number;
  readonly status: number;
  /** When the server answered it (its latency after the request arrived), ms. */
  readonly time: number;
}
interface BenchServer {
  readonly url: string;
  readonly log: LogEntry[];
  setLatency(ms: number, prefix?: string): void;
  stop(): Promise<void>;
}
interface Row {
  name: string;
  value: number;
  unit: string;
  target: number;
  baseline: string;
  met: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.join(ROOT, 'bench', 'tmp', 'virtual');
const PY = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const LATENCY = 20;
// More trials than the other parts' 3 by default: the rows are ratios of two timings of similar size, and the
// slice is mostly CPU (decoding) that other processes on the machine slow down.
const TRIALS = Number(process.env.BENCH_TRIALS ?? 7);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const mib = (b: number) => `${round(b / 2 ** 20, 2)} MiB`;

/** Round trips of a request log: arrivals more than half a latency apart are separate trips (as bench/files.ts). */
function roundTrips(log: readonly LogEntry[]): number {
  const times = log.map((e) => e.time).sort((a, b) => a - b);
  let trips = times.length ? 1 : 0;
  for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! > LATENCY / 2) trips++;
  return trips;
}

/** Requests of a log by what they read (`kind(entry)`), e.g. `1 repo + 1 snapshots`; 404s as `missing`. */
function byKind(log: readonly LogEntry[], kind: (e: LogEntry) => string): string {
  const n = new Map<string, number>();
  for (const e of log) {
    const k = e.status === 404 ? 'missing (probes)' : kind(e);
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].map(([k, c]) => `${c} ${k}`).join(' + ');
}

interface Trial {
  /** Open (metadata) and open + slice, ms. */
  open: number;
  total: number;
  /** When the slice's first request was sent and its last answer started (the server's log), ms after the start. */
  firstRequest: number;
  lastAnswer: number;
  /** CPU time of this process (the readers and the server) during the trial, ms. */
  cpu: number;
  openLog: LogEntry[];
  sliceLog: LogEntry[];
  data: Uint8Array;
}

/** Opens `url` cold and reads `variable[selection]`: times, the requests of each phase, the slice's bytes. */
async function coldSlice(
  server: BenchServer,
  url: string,
  variable: string,
  selection: (number | null)[],
): Promise<Trial> {
  server.log.length = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const context = createDataContext({ workers: false });
  const ds = await openDataset({ kind: 'url', url }, { context });
  const open = performance.now() - t0;
  const openLog = server.log.splice(0);
  const slice = await ds.read(variable, selection);
  const total = performance.now() - t0;
  const sliceLog = server.log.splice(0);
  const cpu = process.cpuUsage(cpu0);
  ds.close();
  if (slice.failedChunks?.length) throw new Error(`${url}: ${slice.failedChunks.length} chunks failed to read`);
  const d = slice.data as unknown as ArrayBufferView;
  const times = sliceLog.map((e) => e.time - t0);
  return {
    open,
    total,
    firstRequest: Math.min(...times) - LATENCY,
    lastAnswer: Math.max(...times),
    cpu: (cpu.user + cpu.system) / 1000,
    openLog,
    sliceLog,
    data: new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice(),
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The ratio trial by trial (the two reads of one trial ran back to back): median and range. */
function paired(a: Trial[], b: Trial[]): string {
  const r = a.map((t, i) => t.total / b[i]!.total).sort((x, y) => x - y);
  return `trial by trial ${round(median(r))} (${round(r[0]!)}–${round(r[r.length - 1]!)})`;
}

const ms = (trials: Trial[], f: (t: Trial) => number) => `${round(median(trials.map(f)), 0)} ms`;

/** Median of the trials of each reader and a summary: open ms, requests and bytes of open and of the slice. */
function summary(trials: Trial[], kind: (e: LogEntry) => string) {
  const med = trials.slice().sort((a, b) => a.total - b.total)[Math.floor(trials.length / 2)]!;
  const bytes = (log: LogEntry[]) => log.reduce((a, e) => a + e.bytes, 0);
  return {
    total: median(trials.map((t) => t.total)),
    open: median(trials.map((t) => t.open)),
    text:
      `open ${round(median(trials.map((t) => t.open)), 0)} ms (${med.openLog.length} requests, ${roundTrips(med.openLog)} round trips, ${mib(bytes(med.openLog))}: ${byKind(med.openLog, kind)})` +
      `, slice ${med.sliceLog.length} requests (${byKind(med.sliceLog, kind)}), ${roundTrips(med.sliceLog)} round trips, ${mib(bytes(med.sliceLog))}` +
      `; its first request sent at ${ms(trials, (t) => t.firstRequest)}, last answer at ${ms(trials, (t) => t.lastAnswer)}, done ${ms(trials, (t) => t.total - t.lastAnswer)} after it; CPU ${ms(trials, (t) => t.cpu)}`,
  };
}

/** Cold first slices of several readers of the same data: trials rotate which reader goes first. */
async function compare(
  server: BenchServer,
  readers: Record<string, string>,
  variable: string,
  selection: (t: number) => (number | null)[],
): Promise<Record<string, Trial[]>> {
  const names = Object.keys(readers);
  const out: Record<string, Trial[]> = Object.fromEntries(names.map((n) => [n, []]));
  // One untimed read of each first (another slice): loading and compiling a reader's modules is not what the
  // rows compare; every timed trial still starts from a fresh data context and reads everything over HTTP.
  for (const name of names) await coldSlice(server, readers[name]!, variable, selection(-1));
  for (let t = 0; t < TRIALS; t++) {
    const order = names.map((_, i) => names[(i + t) % names.length]!);
    const got: Record<string, Uint8Array> = {};
    for (const name of order) {
      const r = await coldSlice(server, readers[name]!, variable, selection(t));
      out[name]!.push(r);
      got[name] = r.data;
      console.error(
        `  trial ${t} ${name}: open ${round(r.open, 0)} ms, first slice request ${round(r.firstRequest, 0)} ms, last answer ${round(r.lastAnswer, 0)} ms, total ${round(r.total, 0)} ms, CPU ${round(r.cpu, 0)} ms`,
      );
    }
    for (const name of names.slice(1))
      if (!sameBytes(got[names[0]!]!, got[name]!))
        throw new Error(`trial ${t}: ${name} reads other values than ${names[0]}`);
  }
  return out;
}

function ensureData() {
  const py = spawnSync(PY, [path.join(ROOT, 'bench', 'make-virtual.py'), DATA], { encoding: 'utf8' });
  if (py.status !== 0) throw new Error(`make-virtual.py: ${py.stderr.slice(-1500)}`);
  if (!existsSync(path.join(DATA, 'icechunk'))) console.error('▶ writing the Icechunk repository (bench/tmp/virtual)');
  const ic = spawnSync(process.execPath, [path.join(ROOT, 'bench', 'make-virtual-icechunk.mjs'), DATA], {
    encoding: 'utf8',
  });
  if (ic.status !== 0) throw new Error(`make-virtual-icechunk.mjs: ${ic.stderr.slice(-1500)}`);
}

async function main() {
  ensureData();
  const server = (await startServer({ '/data/': DATA })) as BenchServer;
  server.setLatency(LATENCY, '/data/');
  const rows: Row[] = [];
  const notes: string[] = [];
  const base = `${server.url}/data`;
  try {
    // 1. netCDF-4 in place ÷ kerchunk references into it: t[k, :, :], 144 chunks.
    console.error('  refs: direct netCDF-4 vs kerchunk JSON');
    const nc = await compare(
      server,
      { direct: `${base}/nc/field.nc`, refs: `${base}/nc/field.refs.json` },
      '/t',
      (t) => [t < 0 ? 5 : t % 5, null, null],
    );
    const ncKind = (e: LogEntry) =>
      e.path.endsWith('.json') ? 'reference JSON' : e.range ? 'file ranges' : e.bytes ? 'whole file' : 'HEAD';
    const direct = summary(nc.direct!, ncKind);
    const refs = summary(nc.refs!, ncKind);
    rows.push({
      name: 'refs-first-slice-vs-direct',
      value: round(direct.total / refs.total),
      unit: '×',
      target: 0.9,
      baseline: `netCDF-4 read in place ${round(direct.total, 0)} ms; kerchunk references ${round(refs.total, 0)} ms (open + one 1440 × 2880 field, 144 zlib chunks, cold)`,
      met: direct.total / refs.total >= 0.9,
    });
    notes.push(
      `refs-first-slice-vs-direct (${paired(nc.direct!, nc.refs!)}): netCDF-4 in place: ${direct.text}; kerchunk JSON: ${refs.text}`,
    );

    // 2. plain Zarr v3 ÷ Icechunk (the same chunk bytes): t[k, :, :], 256 chunks; #mode=icechunk in a note.
    console.error('  icechunk: plain Zarr v3 vs Icechunk');
    const ice = await compare(
      server,
      {
        zarr: `${base}/zarr3/`,
        icechunk: `${base}/icechunk/`,
        explicit: `${base}/icechunk/#mode=icechunk`,
      },
      '/t',
      (t) => [t < 0 ? 2 : t % 2, null, null],
    );
    const iceKind = ({ path: p }: LogEntry) => {
      const rel = p.replace(/^\/data\/[^/]+\//, '');
      if (/(^|\/)c\//.test(rel) || rel.startsWith('chunks/')) return 'chunks';
      if (rel === 'repo' || /^(snapshots|manifests|refs|transactions)\//.test(rel)) return rel.split('/')[0]!;
      return rel.replace(/^.*\//, '') || 'folder';
    };
    const zarr = summary(ice.zarr!, iceKind);
    const icechunk = summary(ice.icechunk!, iceKind);
    const explicit = summary(ice.explicit!, iceKind);
    rows.push({
      name: 'icechunk-first-slice-vs-zarr',
      value: round(zarr.total / icechunk.total),
      unit: '×',
      target: 0.9,
      baseline: `plain Zarr v3 ${round(zarr.total, 0)} ms; Icechunk ${round(icechunk.total, 0)} ms, with #mode=icechunk ${round(explicit.total, 0)} ms (open + one 4096 × 4096 field, 256 zstd chunks, cold)`,
      met: zarr.total / icechunk.total >= 0.9,
    });
    notes.push(
      `icechunk-first-slice-vs-zarr (${paired(ice.zarr!, ice.icechunk!)}; with #mode=icechunk ${paired(ice.zarr!, ice.explicit!)}): plain Zarr v3: ${zarr.text}; Icechunk at its folder URL: ${icechunk.text}; with #mode=icechunk: ${explicit.text}`,
    );
    notes.push(
      `Virtual rows run in Node (the data path in-process, no workers), ${TRIALS} trials each, medians; each pair read the same values.`,
    );
  } finally {
    await server.stop();
  }
  console.log(JSON.stringify({ rows, notes }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
