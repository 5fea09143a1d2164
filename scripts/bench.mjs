#!/usr/bin/env node
// `npm run bench`: data-path benchmarks in Debian chromium (Playwright), ratios measured in the same run.
//   1–4. the data path (scripts/bench-data.mjs): decode throughput against zarrita, the cold first 2-D slice against
//      zarrita and xarray + fsspec, bytes and requests per chunk, main-thread long tasks; over HTTP/1.1 and HTTP/2
//      (TLS on loopback, a self-signed certificate the bench's browser accepts)
//   5. the viewer itself: first heatmap, slider steps, a held-key scrub, opening a 1,000-variable NCZarr group
//      (scripts/bench-app.mjs), a 21,600 × 43,200 pyramid made on demand by the server (bench/synthetic/,
//      scripts/bench-pyramid.mjs), a point series over 10,000 chunks (scripts/bench-series.mjs, when present), a
//      share link of two datasets side by side (scripts/bench-compare.mjs), the first screen of a 100,000-key S3
//      prefix in s3rver (scripts/bench-listing.mjs) and a glob of 365 daily netCDF-4 files opened as one dataset
//      (scripts/bench-aggregate.mjs)
//   6. netCDF files read in place: a 1 GiB netCDF-4 file of 1,000 variables and a CDF-2 file (bench/files.ts)
//   7. virtual stores: a netCDF-4 file in place ÷ kerchunk references into it, plain Zarr v3 ÷ the same chunks in
//      an Icechunk repository (bench/virtual.ts, in Node)
// plus the app's initial JS size (gzip) when the app builds (not in a `virtual`-only run). Writes bench/latest.json;
// scripts/bench-report.mjs updates the current figures in BENCHMARKS.md (benchmarks/current.json) and appends the
// run's full table to benchmarks/history.md. BENCH_REPORT_ONLY=1 measures nothing and only rewrites that table.
import { spawnSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../bench/server.mjs';
import { createSynthetic } from '../bench/synthetic/index.mjs';
import { benchCertificate } from '../bench/tls.mjs';
import { APP_PARTS, ensureAppData, runAppBench } from './bench-app.mjs';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from './bench-chromium.mjs';
import { runAsync, runDataBench } from './bench-data.mjs';
import { joinProtocols, round } from './bench-page.mjs';
import { recordRun, renderReport } from './bench-report.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, 'bench', 'tmp');
const DATA = path.join(TMP, 'data');
const DIST = path.join(TMP, 'dist');
const APP = path.join(TMP, 'app');
// Debian's python3 (zarr-python writes the data, xarray + fsspec is a baseline); BENCH_PYTHON overrides it.
const PY = process.env.BENCH_PYTHON ?? '/usr/bin/python3';
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
// BENCH_ONLY=data|app|series|compare|listing|aggregate|files|virtual runs one part (the rows of the others are left out), or
// one group of the app's rows: scrub|pyramid|goes|mesh|healpix; default all.
const ONLY = process.env.BENCH_ONLY ?? '';
const APP_ONLY = ONLY === '' || ONLY === 'app' ? APP_PARTS : APP_PARTS.filter((p) => p === ONLY);
const SERIES = ONLY === '' || ONLY === 'series';
const COMPARE = ONLY === '' || ONLY === 'compare';
const LISTING = ONLY === '' || ONLY === 'listing';
const AGGREGATE = ONLY === '' || ONLY === 'aggregate';
const SERIES_MODULE = path.join(ROOT, 'scripts', 'bench-series.mjs');
// Parts 1-5 run in Chromium: the browser, its pages and their data are made only when one of them runs.
const BROWSER = ONLY === '' || ONLY === 'data' || APP_ONLY.length > 0 || SERIES || COMPARE || LISTING || AGGREGATE;
// The aggregate part alone needs none of the other parts' data (it writes its own files); the HEALPix group only
// its own store (written with the app's data).
const OWN_DATA = ONLY === 'aggregate' || ONLY === 'healpix';
const LATENCY = 20;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
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

async function main() {
  if (process.env.BENCH_REPORT_ONLY) {
    await renderReport(ROOT);
    console.log('BENCHMARKS.md: current figures rewritten from benchmarks/current.json (nothing measured)');
    return;
  }
  const writer = BROWSER && !OWN_DATA ? await ensureData() : null;
  // Other processes on the machine skew every figure here (2 cores): record how busy it was.
  const loadBefore = os.loadavg()[0];
  let app = { notes: [] };
  if (BROWSER) {
    if (ONLY === '' || ONLY === 'data') {
      console.log('▶ building the benchmark page');
      run('npx', ['vite', 'build', '--config', 'bench/vite.config.ts']);
    }
    // BENCH_ONLY=healpix writes its store only (the other groups' data as before: all of it).
    if (ONLY !== 'aggregate') app = await ensureAppData(ROOT, DATA, PY, ONLY === 'healpix' ? APP_ONLY : APP_PARTS);
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
    if (ONLY === '' || ONLY === 'data') {
      const r = await runDataBench({
        browser,
        h2context,
        server,
        h2server,
        tls,
        root: ROOT,
        dataDir: DATA,
        py: PY,
        latency: LATENCY,
        trials: TRIALS,
      });
      results.push(...r.results);
      notes.push(...r.notes);
    }
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
      results.push(...joinProtocols(byProtocol));
    }
    if (SERIES) await seriesRuns();
    if (COMPARE) await compareRuns();
    if (LISTING) await listingRuns();
    if (AGGREGATE) await aggregateRuns();
  } finally {
    await browser?.close();
    await server?.stop();
    await h2server?.stop();
    for (const s of Object.values(appServers)) await s.stop();
  }

  /**
   * One browser part from its module (`fn`, given the browser, the servers' maker and the shared arguments): its
   * rows and notes, or a note that `row` was not measured.
   */
  async function partRuns(title, module, fn, row) {
    console.log(`▶ ${title}, ${LATENCY} ms latency`);
    try {
      const run = (await import(module))[fn];
      const r = await run({
        browser,
        startServer,
        tls,
        root: ROOT,
        appDir: APP,
        dataDir: DATA,
        py: PY,
        latency: LATENCY,
        trials: TRIALS,
      });
      results.push(...r.results);
      notes.push(...r.notes);
    } catch (e) {
      notes.push(`${row} not measured: ${String(e).split('\n').slice(0, 3).join(' ')}`);
    }
  }

  /** The point series row, from scripts/bench-series.mjs's runSeriesBench when that module is there. */
  async function seriesRuns() {
    const row = 'series-10k-chunks-vs-network';
    if (!existsSync(SERIES_MODULE)) return void notes.push(`${row} not measured: no scripts/bench-series.mjs yet`);
    const title = 'run 5b: a point series over 10,000 chunks (scripts/bench-series.mjs)';
    await partRuns(title, SERIES_MODULE, 'runSeriesBench', row);
  }

  /** Compare with…: A beside B from a share link against A alone (scripts/bench-compare.mjs). */
  function compareRuns() {
    return partRuns(
      'run 5c: a share link of A beside B against A alone (scripts/bench-compare.mjs)',
      './bench-compare.mjs',
      'runCompareBench',
      'compare-first-picture-vs-single',
    );
  }

  /** The first screen of a 100,000-key S3 prefix in s3rver (scripts/bench-listing.mjs). */
  function listingRuns() {
    return partRuns(
      'run 5d: the first screen of a 100,000-key S3 prefix (scripts/bench-listing.mjs)',
      './bench-listing.mjs',
      'runListingBench',
      'listing-100k-first-screen-ms',
    );
  }

  /** A glob of 365 daily netCDF-4 files opened as one dataset (scripts/bench-aggregate.mjs). */
  function aggregateRuns() {
    return partRuns(
      'run 5e: 365 daily netCDF-4 files as one dataset (scripts/bench-aggregate.mjs)',
      './bench-aggregate.mjs',
      'runAggregateBench',
      'aggregate rows',
    );
  }

  if (ONLY === '' || ONLY === 'files') {
    console.log(`▶ run 6: netCDF files read in place (bench/files.ts), ${LATENCY} ms latency`);
    try {
      const out = await runAsync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'files.ts')], ROOT);
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
      const out = await runAsync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'virtual.ts')], ROOT);
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
