#!/usr/bin/env node
// `npm run bench`: data-path benchmarks in Debian chromium (Playwright), ratios measured in the same run.
//   1. decode throughput of the worker pool ÷ zarrita on the main thread (blosc-lz4 and zlib float32, 256 MB each)
//   2. cold time to the first 2-D slice of a chunked 4-D variable over HTTP with 20 ms latency: ours vs zarrita
//      vs xarray + fsspec
//      over HTTP/1.1 and over HTTP/2 (TLS on loopback, a self-signed certificate the bench's browser accepts)
//   3. bytes fetched ÷ bytes of the chunks touched, requests ÷ chunks touched (run 2, ours)
//   4. main-thread long tasks (> 50 ms) during run 1 (ours), and from one traced trial per codec how many of our
//      main-thread tasks did more than 50 ms of CPU work (the rest waited for a core on a busy machine)
//   5. the viewer itself: first heatmap, slider steps, a held-key scrub, opening a 1,000-variable NCZarr group
//      (scripts/bench-app.mjs), a 21,600 × 43,200 pyramid made on demand by the server (bench/synthetic/,
//      scripts/bench-pyramid.mjs), and a point series over 10,000 chunks (scripts/bench-series.mjs, when present)
//   6. netCDF files read in place: a 1 GiB netCDF-4 file of 1,000 variables and a CDF-2 file (bench/files.ts)
//   7. virtual stores: a netCDF-4 file in place ÷ kerchunk references into it, plain Zarr v3 ÷ the same chunks in
//      an Icechunk repository (bench/virtual.ts, in Node)
// plus the app's initial JS size (gzip) when the app builds (not in a `virtual`-only run). Writes bench/latest.json;
// scripts/bench-report.mjs updates the current figures in BENCHMARKS.md (benchmarks/current.json) and appends the
// run's full table to benchmarks/history.md. BENCH_REPORT_ONLY=1 measures nothing and only rewrites that table.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../bench/server.mjs';
import { createSynthetic } from '../bench/synthetic/index.mjs';
import { benchCertificate } from '../bench/tls.mjs';
import { APP_PARTS, ensureAppData, runAppBench } from './bench-app.mjs';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from './bench-chromium.mjs';
import { recordRun, renderReport } from './bench-report.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, 'bench', 'tmp');
const DATA = path.join(TMP, 'data');
const DIST = path.join(TMP, 'dist');
const APP = path.join(TMP, 'app');
// Debian's python3 (zarr-python writes the data, xarray + fsspec is a baseline); BENCH_PYTHON overrides it.
const PY = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
// BENCH_ONLY=data|app|series|compare|files|virtual runs one part (the rows of the others are left out), or one group of
// the app's rows: scrub|pyramid; default all.
const ONLY = process.env.BENCH_ONLY ?? '';
const APP_ONLY = ONLY === '' || ONLY === 'app' ? APP_PARTS : APP_PARTS.filter((p) => p === ONLY);
const SERIES = ONLY === '' || ONLY === 'series';
const COMPARE = ONLY === '' || ONLY === 'compare';
const SERIES_MODULE = path.join(ROOT, 'scripts', 'bench-series.mjs');
// Parts 1-5 run in Chromium: the browser, its pages and their data are made only when one of them runs.
const BROWSER = ONLY === '' || ONLY === 'data' || APP_ONLY.length > 0 || SERIES || COMPARE;
const LATENCY = 20;
// Both readers wait on the same requests, so the first-slice target against zarrita is not being slower (≥ 1.0).
const ZARRITA_TARGET = 1.0;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Async, so the benchmark server in this process keeps answering while the child runs. */
function runAsync(cmd, args) {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd: ROOT });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err += d));
    c.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} failed:\n${err.slice(-2000)}`))));
  });
}

/**
 * Main-thread tasks of our reads in a Chromium trace: `RunTask` events on the page's main thread between each
 * `ours-start` and `ours-end` mark (bench/page.ts), with their wall (`dur`) and thread CPU (`tdur`) times in µs.
 */
function mainThreadTasks(buffer) {
  const events = JSON.parse(buffer.toString('utf8')).traceEvents;
  const marks = events.filter((e) => e.name === 'ours-start' || e.name === 'ours-end').sort((a, b) => a.ts - b.ts);
  const windows = [];
  for (let i = 0; i + 1 < marks.length; i++)
    if (marks[i].name === 'ours-start' && marks[i + 1].name === 'ours-end') windows.push([marks[i], marks[i + 1]]);
  const out = { tasks: 0, wallLong: 0, cpuLong: 0, maxCpu: 0, cpu: 0 };
  for (const [a, b] of windows) {
    for (const e of events) {
      if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== a.pid || e.tid !== a.tid || e.ts < a.ts || e.ts > b.ts)
        continue;
      out.tasks++;
      if (e.dur > 50_000) out.wallLong++;
      if ((e.tdur ?? 0) > 50_000) out.cpuLong++;
      out.maxCpu = Math.max(out.maxCpu, (e.tdur ?? 0) / 1000);
      out.cpu += (e.tdur ?? 0) / 1000;
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
// The cold first slice is done at most this long after its last chunk byte arrived.
const AFTER_LAST_BYTE_MS = 5;

/** first-slice-after-last-byte-ms(-http1): our first slice's time after its last byte (firstSlices' medians). */
function afterLastByteRow(name, label, r) {
  return {
    name,
    value: round(r.afterOurs, 1),
    unit: 'ms',
    target: AFTER_LAST_BYTE_MS,
    baseline: `${label} (${r.protocol}): the cold first 2-D slice (16 chunks) done after its last byte arrived (Resource Timing responseEnd), median of ${TRIALS}; ${r.after}`,
    met: r.afterOurs <= AFTER_LAST_BYTE_MS,
  };
}

/**
 * Writes the data once (bench/tmp/data/.bench-v1 names the writer): with zarr-python (Debian python3-zarr) when it
 * is installed, as the earlier runs in BENCHMARKS.md; otherwise with the Node writer, whose blosc has no typesize
 * (byte shuffle of 1-byte items), so the blosc figures are not comparable with zarr-python data.
 */
async function ensureData() {
  const marker = path.join(DATA, '.bench-v1');
  if (existsSync(marker)) return (await fs.readFile(marker, 'utf8')).trim() || 'zarr-python';
  await fs.rm(DATA, { recursive: true, force: true });
  const python = spawnSync(PY, ['-c', 'import zarr, numcodecs, numpy'], { encoding: 'utf8' }).status === 0;
  const writer = python ? 'zarr-python' : 'node';
  console.log(`▶ generating benchmark data (${writer}) in bench/tmp/data …`);
  if (python) run(PY, [path.join(ROOT, 'bench', 'make-data.py'), DATA], { stdio: 'inherit' });
  else run(process.execPath, [path.join(ROOT, 'bench', 'make-data.mjs'), DATA], { stdio: 'inherit' });
  await fs.writeFile(marker, writer);
  return writer;
}

/** Why the xarray baseline cannot run here (Debian's python3 packages missing), or null when it can. */
function xarrayMissing() {
  const r = spawnSync(PY, ['-c', 'import xarray, zarr, fsspec, aiohttp'], { encoding: 'utf8' });
  if (r.status === 0) return null;
  const missing = r.error ? `${PY} not found` : (/No module named '([^']+)'/.exec(r.stderr)?.[1] ?? 'an import failed');
  return `xarray baseline skipped (${missing}): apt-get install python3-xarray python3-zarr python3-fsspec python3-aiohttp`;
}

function appJsGzip() {
  if (!existsSync(path.join(ROOT, 'index.html')) || !existsSync(path.join(ROOT, 'app'))) return null;
  const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) return { error: 'the app did not build' };
  const html = readFileSync(path.join(ROOT, 'dist', 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const ref of new Set(refs)) bytes += gzipSync(readFileSync(path.join(ROOT, 'dist', ref))).length;
  return { bytes, files: refs.length };
}

function chunkFileBytes(name, t, z) {
  const dir = path.join(DATA, name);
  let bytes = 0;
  let n = 0;
  for (let y = 0; y < 4; y++)
    for (let x = 0; x < 4; x++) {
      const f = path.join(dir, `${t}.${z}.${y}.${x}`);
      if (existsSync(f)) {
        bytes += statSync(f).size;
        n++;
      }
    }
  return { bytes, n };
}

/** Cold first 2-D slices on `page`, ours and zarrita alternating who goes first; medians and per-trial logs. */
async function firstSlices(page, server, onTrial) {
  await page.evaluate(() => window.bench.warm());
  server.setLatency(LATENCY);
  const times = { ours: [], zarrita: [] };
  // Time after the last byte of the slice's data (resource timing): the readers' own fixed cost.
  const after = { ours: [], zarrita: [] };
  let protocol = '?';
  for (let t = 0; t < TRIALS; t++) {
    const [ti, zi] = [t % 12, (t * 3) % 8];
    // Alternate who goes first, so that neither always meets the connections the other one opened.
    for (const which of t % 2 ? ['zarrita', 'ours'] : ['ours', 'zarrita']) {
      server.log.length = 0;
      const r = await page.evaluate(
        ([w, a, b]) => window.bench.firstSlice(w, 'v4d', [a, b, null, null]),
        [which, ti, zi],
      );
      times[which].push(r.ms);
      after[which].push(r.ms - r.lastByteMs);
      protocol = r.protocol ?? protocol;
      await onTrial?.(t, which, ti, zi);
    }
  }
  server.setLatency(0);
  return {
    ours: median(times.ours),
    zarrita: median(times.zarrita),
    protocol,
    afterOurs: median(after.ours),
    after: `done after the last byte: ours ${round(median(after.ours), 0)} ms, zarrita ${round(median(after.zarrita), 0)} ms`,
  };
}

async function main() {
  if (process.env.BENCH_REPORT_ONLY) {
    await renderReport(ROOT);
    console.log('BENCHMARKS.md: current figures rewritten from benchmarks/current.json (nothing measured)');
    return;
  }
  const writer = BROWSER ? await ensureData() : null;
  // Other processes on the machine skew every figure here (2 cores): record how busy it was.
  const loadBefore = os.loadavg()[0];
  let app = { notes: [] };
  if (BROWSER) {
    if (ONLY === '' || ONLY === 'data') {
      console.log('▶ building the benchmark page');
      run('npx', ['vite', 'build', '--config', 'bench/vite.config.ts']);
    }
    app = await ensureAppData(ROOT, DATA, PY);
    console.log('▶ building the app');
    // BENCH_TRACE (scripts/bench-app.mjs): names in the trace's profiles are the source's.
    const minify = process.env.BENCH_TRACE ? ['--minify', 'false'] : [];
    run('npx', ['vite', 'build', '--outDir', APP, '--emptyOutDir', '--logLevel', 'warn', ...minify]);
  }
  const tls = BROWSER ? benchCertificate(path.join(TMP, 'tls')) : null;
  const server = BROWSER ? await startServer({ '/': DIST, '/data/': DATA }) : null;
  const h2server = tls ? await startServer({ '/': DIST, '/data/': DATA }, { tls }) : null;
  // The synthetic stores (bench/synthetic/), one chunk cache for both protocols' servers.
  const synthetic = createSynthetic();
  const appServers = BROWSER
    ? {
        'HTTP/1.1': await startServer({ '/': APP, '/data/': DATA }, { synthetic }),
        ...(tls ? { 'HTTP/2': await startServer({ '/': APP, '/data/': DATA }, { tls, synthetic }) } : {}),
      }
    : {};
  const browser = BROWSER ? await chromium.launch({ executablePath: CHROMIUM, args: ARGS }) : null;
  // Only this context accepts the bench's self-signed certificate.
  const h2context = browser ? await browser.newContext({ ignoreHTTPSErrors: true }) : null;
  const results = [];
  const notes =
    writer === 'node'
      ? [
          'data written by bench/make-data.mjs (no zarr-python here): blosc without typesize, not comparable with zarr-python data',
        ]
      : [];
  notes.push(...app.notes);
  try {
    if (ONLY === '' || ONLY === 'data') await dataRuns();
    if (APP_ONLY.length > 0) {
      console.log(`▶ run 5: the viewer, ${LATENCY} ms latency (${APP_ONLY.join(', ')})`);
      const byProtocol = {};
      for (const [label, srv] of Object.entries(appServers)) {
        const r = await runAppBench({
          context: label === 'HTTP/2' ? h2context : browser,
          server: srv,
          latency: LATENCY,
          trials: TRIALS,
          have: app,
          label,
          parts: APP_ONLY,
          appDir: APP,
          warmPyramid: synthetic.store.stats.made === 0,
        });
        byProtocol[label] = r.results;
        notes.push(...r.notes);
      }
      // Rows over HTTP/1.1 (as the issue measured them); the HTTP/2 figures go into the detail column.
      for (const row of byProtocol['HTTP/1.1'] ?? []) {
        const other = byProtocol['HTTP/2']?.find((x) => x.name === row.name && !x.notMeasured);
        results.push(
          other && !row.notMeasured
            ? {
                ...row,
                baseline: `${row.baseline}; over HTTP/2 ${other.value} (${other.baseline.replace(/^HTTP\/2: /, '')})`,
              }
            : row,
        );
      }
    }
    if (SERIES) await seriesRuns();
    if (COMPARE) await compareRuns();
  } finally {
    await browser?.close();
    await server?.stop();
    await h2server?.stop();
    for (const s of Object.values(appServers)) await s.stop();
  }

  /** The point series row, from scripts/bench-series.mjs's runSeriesBench when that module is there. */
  async function seriesRuns() {
    const row = 'series-10k-chunks-vs-network';
    if (!existsSync(SERIES_MODULE)) return void notes.push(`${row} not measured: no scripts/bench-series.mjs yet`);
    console.log(`▶ run 5b: a point series over 10,000 chunks (scripts/bench-series.mjs), ${LATENCY} ms latency`);
    try {
      const { runSeriesBench } = await import(SERIES_MODULE);
      const r = await runSeriesBench({
        browser,
        startServer,
        tls,
        appDir: APP,
        dataDir: DATA,
        latency: LATENCY,
        trials: TRIALS,
      });
      results.push(...r.results);
      notes.push(...r.notes);
    } catch (e) {
      notes.push(`${row} not measured: ${String(e).split('\n').slice(0, 3).join(' ')}`);
    }
  }

  /** Compare with…: A beside B from a share link against A alone (scripts/bench-compare.mjs). */
  async function compareRuns() {
    console.log(
      `▶ run 5c: a share link of A beside B against A alone (scripts/bench-compare.mjs), ${LATENCY} ms latency`,
    );
    try {
      const { runCompareBench } = await import('./bench-compare.mjs');
      const r = await runCompareBench({
        browser,
        startServer,
        root: ROOT,
        appDir: APP,
        dataDir: DATA,
        latency: LATENCY,
        trials: TRIALS,
      });
      results.push(...r.results);
      notes.push(...r.notes);
    } catch (e) {
      notes.push(`compare-first-picture-vs-single not measured: ${String(e).split('\n').slice(0, 3).join(' ')}`);
    }
  }

  async function dataRuns() {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);

    // 1 + 4: decode throughput and long tasks
    let longTasks = 0;
    const traced = { wallLong: 0, cpuLong: 0, maxCpu: 0 };
    for (const name of ['f32_blosc_lz4', 'f32_zlib']) {
      console.log(`▶ run 1: decode ${name}`);
      const r = await page.evaluate(([n, t]) => window.bench.decode(n, t), [name, TRIALS]);
      if (!r.equal) notes.push(`run 1 ${name}: results differ from zarrita's!`);
      const mbs = (ms) => r.bytes / 2 ** 20 / (ms / 1000);
      console.log(
        `  zarrita ${round(r.zarritaMs, 0)} ms (${round(mbs(r.zarritaMs), 0)} MB/s), ours ${round(r.oursMs, 0)} ms (${round(mbs(r.oursMs), 0)} MB/s), ${r.workers} workers, long tasks ours ${r.longOurs.length} (max ${round(Math.max(0, ...r.longOurs), 0)} ms), zarrita ${r.longZarrita.length}`,
      );
      const ratio = r.zarritaMs / r.oursMs;
      results.push({
        name: `decode-throughput-ratio-${name.slice(4)}`,
        value: round(ratio),
        unit: '×',
        target: 1.8,
        baseline: `zarrita main thread ${round(mbs(r.zarritaMs), 0)} MB/s; ours ${round(mbs(r.oursMs), 0)} MB/s; ${cores} cores`,
        met: ratio >= 1.8,
      });
      longTasks += r.longOurs.length;
      // One more trial under a trace: how long our main-thread tasks are in wall time and in thread CPU time. On a
      // busy machine a short task waits for a core and lasts > 50 ms of wall time without doing 50 ms of work.
      await browser.startTracing(page, { categories: ['blink.user_timing', 'disabled-by-default-devtools.timeline'] });
      await page.evaluate(([n]) => window.bench.decode(n, 1), [name]);
      const tr = mainThreadTasks(await browser.stopTracing());
      console.log(
        `  traced trial: ${tr.tasks} main-thread tasks, ${tr.wallLong} over 50 ms wall, ${tr.cpuLong} over 50 ms CPU (max CPU ${round(tr.maxCpu, 0)} ms, total ${round(tr.cpu, 0)} ms)`,
      );
      traced.wallLong += tr.wallLong;
      traced.cpuLong += tr.cpuLong;
      traced.maxCpu = Math.max(traced.maxCpu, tr.maxCpu);
    }
    results.push({
      name: 'main-thread-long-tasks-during-decode',
      value: longTasks,
      unit: 'count',
      target: 0,
      baseline: `PerformanceObserver longtask > 50 ms, run 1 (ours, both codecs); one traced trial per codec: ${traced.wallLong} task(s) over 50 ms wall, ${traced.cpuLong} over 50 ms main-thread CPU (max ${round(traced.maxCpu, 0)} ms)`,
      met: longTasks === 0,
    });

    // 2 + 3: first slice over HTTP with latency
    console.log(`▶ run 2: first 2-D slice over HTTP, ${LATENCY} ms latency`);
    const noXarray = xarrayMissing();
    if (noXarray) {
      console.log(`  ${noXarray}`);
      notes.push(noXarray);
    }
    let fetchRatio = null;
    const xTimes = [];
    const h1 = await firstSlices(page, server, async (t, which, ti, zi) => {
      if (which === 'ours' && t === 0) {
        const chunkReqs = server.log.filter((e) => /\/v4d\/\d+\.\d+\.\d+\.\d+$/.test(e.path));
        const touched = chunkFileBytes('v4d', ti, zi);
        const fetched = chunkReqs.reduce((a, e) => a + e.bytes, 0);
        fetchRatio = { bytes: fetched / touched.bytes, requests: chunkReqs.length / touched.n, all: server.log.length };
      }
      if (noXarray || which !== (t % 2 ? 'ours' : 'zarrita')) return;
      server.setLatency(LATENCY);
      const py = JSON.parse(
        await runAsync(PY, [
          path.join(ROOT, 'bench', 'xarray-first-slice.py'),
          `${server.url}/data`,
          'v4d',
          String(ti),
          String(zi),
        ]),
      );
      xTimes.push(py.ms);
    });
    const [o, z, x] = [h1.ours, h1.zarrita, median(xTimes)];
    console.log(
      `  HTTP/1.1 (${h1.protocol}): ours ${round(o, 0)} ms, zarrita ${round(z, 0)} ms, xarray ${noXarray ? 'skipped' : `${round(x, 0)} ms`} (medians of ${TRIALS})`,
    );
    if (tls) {
      const page2 = await h2context.newPage();
      await page2.goto(`${h2server.url}/index.html`);
      await page2.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
      const h2 = await firstSlices(page2, h2server);
      await page2.close();
      console.log(
        `  HTTP/2 (${h2.protocol}): ours ${round(h2.ours, 0)} ms, zarrita ${round(h2.zarrita, 0)} ms (medians of ${TRIALS})`,
      );
      results.push({
        name: 'first-slice-speedup-vs-zarrita',
        value: round(h2.zarrita / h2.ours),
        unit: '×',
        target: ZARRITA_TARGET,
        baseline: `HTTP/2 (${h2.protocol}): zarrita ${round(h2.zarrita, 0)} ms; ours ${round(h2.ours, 0)} ms; ${h2.after}`,
        met: h2.zarrita / h2.ours >= ZARRITA_TARGET,
      });
      results.push(afterLastByteRow('first-slice-after-last-byte-ms', 'HTTP/2', h2));
    } else notes.push('HTTP/2 row skipped: openssl could not make a certificate');
    results.push({
      name: 'first-slice-speedup-vs-zarrita-http1',
      value: round(z / o),
      unit: '×',
      target: ZARRITA_TARGET,
      baseline: `HTTP/1.1 (${h1.protocol}): zarrita ${round(z, 0)} ms; ours ${round(o, 0)} ms; ${h1.after}`,
      met: z / o >= ZARRITA_TARGET,
    });
    results.push(afterLastByteRow('first-slice-after-last-byte-ms-http1', 'HTTP/1.1', h1));
    if (!noXarray)
      results.push({
        name: 'first-slice-speedup-vs-xarray',
        value: round(x / o),
        unit: '×',
        target: 3,
        baseline: `xarray+fsspec ${round(x, 0)} ms; ours ${round(o, 0)} ms`,
        met: x / o >= 3,
      });
    if (fetchRatio) {
      results.push({
        name: 'bytes-fetched-per-chunk-byte',
        value: round(fetchRatio.bytes, 3),
        unit: 'ratio',
        target: 1,
        baseline: 'chunk objects of the 2-D slice',
        met: Math.abs(fetchRatio.bytes - 1) < 1e-9,
      });
      results.push({
        name: 'requests-per-chunk-touched',
        value: round(fetchRatio.requests, 3),
        unit: 'ratio',
        target: 1,
        baseline: `plus ${fetchRatio.all - Math.round(fetchRatio.requests * 16)} metadata request(s)`,
        met: Math.abs(fetchRatio.requests - 1) < 1e-9,
      });
    }
    await page.close();
  }

  if (ONLY === '' || ONLY === 'files') {
    console.log(`▶ run 6: netCDF files read in place (bench/files.ts), ${LATENCY} ms latency`);
    try {
      const out = await runAsync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'files.ts')]);
      const files = JSON.parse(out.trim().split('\n').pop());
      results.push(...files.rows);
      notes.push(...files.notes);
    } catch (e) {
      notes.push(`file rows skipped: ${String(e).split('\n').slice(0, 3).join(' ')}`);
    }
  }

  if (ONLY === '' || ONLY === 'virtual') {
    console.log(`▶ run 7: virtual stores, kerchunk references and Icechunk (bench/virtual.ts), ${LATENCY} ms latency`);
    try {
      const out = await runAsync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'virtual.ts')]);
      const virtual = JSON.parse(out.trim().split('\n').pop());
      results.push(...virtual.rows);
      notes.push(...virtual.notes);
    } catch (e) {
      notes.push(`virtual rows skipped: ${String(e).split('\n').slice(0, 3).join(' ')}`);
    }
  }

  // The app's size: in a full run and the parts that build the app anyway (not for one group of rows).
  const SIZE = ['', 'data', 'app', 'files'].includes(ONLY);
  const js = SIZE ? appJsGzip() : null;
  if (js && 'bytes' in js) {
    const kb = js.bytes / 1024;
    results.push({
      name: 'app-initial-js-gzip',
      value: round(kb, 1),
      unit: 'KB',
      target: 250,
      baseline: `${js.files} script(s) referenced by dist/index.html`,
      met: kb <= 250,
    });
  } else if (SIZE) notes.push(js ? `app size: ${js.error}` : 'app size: no app to build yet');

  // A partial run (BENCH_ONLY) replaces its own rows in latest.json and keeps the others of the last full run.
  const latestFile = path.join(ROOT, 'bench', 'latest.json');
  const previous = ONLY && existsSync(latestFile) ? JSON.parse(readFileSync(latestFile, 'utf8')) : [];
  // A row not measured (`notMeasured`: why) keeps its earlier value there.
  const measured = results.filter((r) => !r.notMeasured);
  const latest = [...previous.filter((r) => !measured.some((x) => x.name === r.name)), ...measured];
  await fs.writeFile(latestFile, JSON.stringify(latest, null, 2) + '\n');
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = await recordRun(ROOT, {
    when,
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'cpu'}`,
    load: [loadBefore, os.loadavg()[0]],
    results,
    notes,
  });
  console.log(section);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
