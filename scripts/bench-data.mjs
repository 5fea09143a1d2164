// The data-path part of `npm run bench` (BENCH_ONLY=data), in the bench page (bench/page.ts, built by
// bench/vite.config.ts) over HTTP/1.1 and HTTP/2:
//   1. decode throughput of the worker pool ÷ zarrita on the main thread (blosc-lz4 and zlib float32, 256 MB each)
//   2. cold time to the first 2-D slice of a chunked 4-D variable with 20 ms latency: ours vs zarrita vs xarray +
//      fsspec, and ours after the slice's last byte arrived; beside them the floor of any reader (the same requests,
//      the bodies read and nothing decoded), which bounds what a reader can win over zarrita in that run
//   3. bytes fetched ÷ bytes of the chunks touched, requests ÷ chunks touched (run 2, ours)
//   4. main-thread long tasks (> 50 ms) during run 1 (ours), and from one traced trial per codec how many of our
//      main-thread tasks did more than 50 ms of CPU work (the rest waited for a core on a busy machine)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { median, resources, round, startTrace } from './bench-page.mjs';

const protocolName = (p) => p.replace(/[^a-z0-9]+/gi, '');

// Both readers wait on the same requests, so the first-slice target against zarrita is not being slower (≥ 1.0).
const ZARRITA_TARGET = 1.0;

/** Async, so the benchmark server in this process keeps answering while the child runs. */
export function runAsync(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd });
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

/**
 * The first slices' floor, measured beside the two readers: the same metadata request and 16 chunk requests made
 * at once by two plain workers that only read the bodies (bench/page.ts): no reader that decodes can end before it.
 */
const FLOOR = 'bodies';

/** Least trials of the first-slice rows (cheap: well under a second each). */
const FIRST_SLICE_TRIALS = 7;

// The cold first slice is done at most this long after its last chunk byte arrived.
const AFTER_LAST_BYTE_MS = 5;

/** first-slice-after-last-byte-ms(-http1): our first slice's time after its last byte (firstSlices' medians). */
function afterLastByteRow(name, label, r, trials) {
  return {
    name,
    value: round(r.afterOurs, 1),
    unit: 'ms',
    target: AFTER_LAST_BYTE_MS,
    baseline: `${label} (${r.protocol}): the cold first 2-D slice (16 chunks) done after its last byte arrived (Resource Timing responseEnd), median of ${trials}; ${r.after}`,
    met: r.afterOurs <= AFTER_LAST_BYTE_MS,
  };
}

/** The floor of a first slice (`FLOOR`) and the most any reader could be faster than zarrita in that run. */
function floorSays(r) {
  return `bodies only ${round(r.floor, 0)} ms (at most ${round(r.zarrita / r.floor)}× zarrita)`;
}

/** Why the xarray baseline cannot run here (Debian's python3 packages missing), or null when it can. */
function xarrayMissing(PY) {
  const r = spawnSync(PY, ['-c', 'import xarray, zarr, fsspec, aiohttp'], { encoding: 'utf8' });
  if (r.status === 0) return null;
  const missing = r.error ? `${PY} not found` : (/No module named '([^']+)'/.exec(r.stderr)?.[1] ?? 'an import failed');
  return `xarray baseline skipped (${missing}): apt-get install python3-xarray python3-zarr python3-fsspec python3-aiohttp`;
}

function chunkFileBytes(dataDir, name, t, z) {
  const dir = path.join(dataDir, name);
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

/** Empties the resource timing buffers of the page and its workers (each keeps 250 entries by default). */
async function clearTimings(page) {
  await page.evaluate(() => performance.clearResourceTimings());
  for (const w of page.workers()) await w.evaluate(() => performance.clearResourceTimings()).catch(() => undefined);
}

/** Cold first 2-D slices on `page`, ours and zarrita alternating who goes first; medians and per-trial logs. */
async function firstSlices(page, server, { latency, trials }, onTrial) {
  await page.evaluate(() => window.bench.warm());
  server.setLatency(latency);
  const times = { ours: [], zarrita: [], [FLOOR]: [] };
  // Time after the last byte of the slice's data (resource timing): the readers' own fixed cost.
  const after = { ours: [], zarrita: [], [FLOOR]: [] };
  // The floor's workers start before the trials, as the pool's do in `warm`.
  await page.evaluate((w) => window.bench.firstSlice(w, 'v4d', [11, 7, null, null]), FLOOR);
  let protocol = '?';
  for (let t = 0; t < trials; t++) {
    const [ti, zi] = [t % 12, (t * 3) % 8];
    // Alternate who goes first, so that neither always meets the connections the other one opened; the floor last
    // (then the trial's xarray baseline, when there is one: no reader of ours or zarrita's follows it in the trial).
    for (const which of t % 2 ? ['zarrita', 'ours', FLOOR] : ['ours', 'zarrita', FLOOR]) {
      server.log.length = 0;
      await clearTimings(page);
      const r = await page.evaluate(
        ([w, a, b]) => window.bench.firstSlice(w, 'v4d', [a, b, null, null]),
        [which, ti, zi],
      );
      // The slice's objects, fetched by the page or by a decode worker (page clock).
      const objects = (await resources(page, /\/data\/v4d\//)).filter((e) => e.start >= r.start - 1);
      const last = objects.sort((a, b) => b.end - a.end)[0];
      if (!last) throw new Error(`no resource timing for the objects of ${which}'s first slice`);
      times[which].push(r.ms);
      after[which].push(r.start + r.ms - last.end);
      protocol = last.protocol || protocol;
      await onTrial?.(t, which, ti, zi);
    }
  }
  // BENCH_TRACE=dir: one more of ours (not counted) under a Chromium trace of every thread.
  if (process.env.BENCH_TRACE) {
    const stop = await startTrace(page.context(), page);
    await page.evaluate(() => window.bench.firstSlice('ours', 'v4d', [5, 5, null, null]));
    await stop(`first-slice-${protocolName(protocol)}`);
  }
  server.setLatency(0);
  return {
    ours: median(times.ours),
    zarrita: median(times.zarrita),
    protocol,
    afterOurs: median(after.ours),
    floor: median(times[FLOOR]),
    after: `done after the last byte: ours ${round(median(after.ours), 0)} ms, zarrita ${round(median(after.zarrita), 0)} ms, bodies only ${round(median(after[FLOOR]), 0)} ms`,
  };
}

/**
 * Runs 1–4 on `server` (HTTP/1.1) and `h2server` (HTTP/2, when `tls`): their rows, and notes for what was skipped.
 * `env`: { browser, h2context, server, h2server, tls, root, dataDir, py, latency, trials }.
 */
export async function runDataBench(env) {
  const { browser, h2context, server, h2server, tls, root: ROOT, py: PY, latency: LATENCY, trials: TRIALS } = env;
  // The first slices take a fraction of a second each and their rows sit at their targets: more trials, steadier
  // medians (both readers wait on the same requests, whose times move by ±15% from trial to trial).
  const SLICE_TRIALS = Math.max(TRIALS, FIRST_SLICE_TRIALS);
  const sliceEnv = { ...env, trials: SLICE_TRIALS };
  const results = [];
  const notes = [];
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
  const noXarray = xarrayMissing(PY);
  if (noXarray) {
    console.log(`  ${noXarray}`);
    notes.push(noXarray);
  }
  let fetchRatio = null;
  const xTimes = [];
  const h1 = await firstSlices(page, server, sliceEnv, async (t, which, ti, zi) => {
    if (which === 'ours' && t === 0) {
      const chunkReqs = server.log.filter((e) => /\/v4d\/\d+\.\d+\.\d+\.\d+$/.test(e.path));
      const touched = chunkFileBytes(env.dataDir, 'v4d', ti, zi);
      const fetched = chunkReqs.reduce((a, e) => a + e.bytes, 0);
      fetchRatio = { bytes: fetched / touched.bytes, requests: chunkReqs.length / touched.n, all: server.log.length };
    }
    if (noXarray || which !== FLOOR) return;
    server.setLatency(LATENCY);
    const py = JSON.parse(
      await runAsync(
        PY,
        [path.join(ROOT, 'bench', 'xarray-first-slice.py'), `${server.url}/data`, 'v4d', String(ti), String(zi)],
        ROOT,
      ),
    );
    xTimes.push(py.ms);
  });
  const [o, z, x] = [h1.ours, h1.zarrita, median(xTimes)];
  console.log(
    `  HTTP/1.1 (${h1.protocol}): ours ${round(o, 0)} ms, zarrita ${round(z, 0)} ms, xarray ${noXarray ? 'skipped' : `${round(x, 0)} ms`} (medians of ${SLICE_TRIALS})`,
  );
  if (tls) {
    const page2 = await h2context.newPage();
    await page2.goto(`${h2server.url}/index.html`);
    await page2.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    const h2 = await firstSlices(page2, h2server, sliceEnv);
    await page2.close();
    console.log(
      `  HTTP/2 (${h2.protocol}): ours ${round(h2.ours, 0)} ms, zarrita ${round(h2.zarrita, 0)} ms (medians of ${SLICE_TRIALS})`,
    );
    results.push({
      name: 'first-slice-speedup-vs-zarrita',
      value: round(h2.zarrita / h2.ours),
      unit: '×',
      target: ZARRITA_TARGET,
      baseline: `HTTP/2 (${h2.protocol}): zarrita ${round(h2.zarrita, 0)} ms; ours ${round(h2.ours, 0)} ms; ${floorSays(h2)}; ${h2.after}`,
      met: h2.zarrita / h2.ours >= ZARRITA_TARGET,
    });
    results.push(afterLastByteRow('first-slice-after-last-byte-ms', 'HTTP/2', h2, SLICE_TRIALS));
  } else notes.push('HTTP/2 row skipped: openssl could not make a certificate');
  results.push({
    name: 'first-slice-speedup-vs-zarrita-http1',
    value: round(z / o),
    unit: '×',
    target: ZARRITA_TARGET,
    baseline: `HTTP/1.1 (${h1.protocol}): zarrita ${round(z, 0)} ms; ours ${round(o, 0)} ms; ${floorSays(h1)}; ${h1.after}`,
    met: z / o >= ZARRITA_TARGET,
  });
  results.push(afterLastByteRow('first-slice-after-last-byte-ms-http1', 'HTTP/1.1', h1, SLICE_TRIALS));
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
  return { results, notes };
}
