// A year of daily files as one dataset in the built viewer (issue #41; `BENCH_ONLY=aggregate npm run bench`, part
// 5e of scripts/bench.mjs): 365 netCDF-4 files of a 721 × 1440 float32 field (bench/make-aggregate.py, written once
// into bench/tmp/agg with the folder's index page) served under /data/agg/ with 20 ms per request, opened as the
// glob /data/agg/*.nc, over HTTP/1.1 and HTTP/2 (the point series over HTTP/2, as series-10k-chunks-vs-network):
//   aggregate-open-365-files-vs-xarray-open-mfdataset  xarray + h5netcdf + fsspec open_mfdataset of the glob
//                           (bench/xarray-open-mfdataset.py, the HTTP/1.1 server) ÷ the glob typed and Enter pressed
//                           → the join panel says every member is read (the tree of the joined dataset shown)
//   aggregate-open-requests-per-file  the requests under /data/agg/ made until then (the server's log) ÷ the members
//   aggregate-first-picture-vs-network  a share link of the join's t2m → its first heatmap (the frame after), ÷ the
//                           link → the last byte of the join's requests made before it (Resource Timing of the page
//                           and its workers), as the Map's first-picture rows take their floor (scripts/bench-map.mjs)
//   aggregate-scrub-across-files-vs-network  the time slider held at 5 steps/s over 25 steps, each a new member:
//                           median step ÷ the first slice's network time (scripts/bench-scrub.mjs)
//   aggregate-series-365-files-vs-network  a point series across the members, done ÷ its last byte
//                           (scripts/bench-series.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runAsync } from './bench-data.mjs';
import { instrument, joinProtocols, median, openInApp, resources, round, startTrace } from './bench-page.mjs';
import { scrubRow } from './bench-scrub.mjs';
import { SERIES_VIEWPORT, seriesRow } from './bench-series.mjs';

export const AGGREGATE_FILES = 365;
const GLOB = '/data/agg/*.nc';
const VARIABLE = '/t2m';
const MEMBER = /\/data\/agg\/t2m_\d{8}\.nc$/;
/** Once every member is read (app/join/JoinPanel.tsx). */
const DONE = '[data-testid=join-panel][data-state=done]';
const JOIN = { dataset: GLOB, variable: VARIABLE, ready: DONE };

export const ROWS = {
  open: 'aggregate-open-365-files-vs-xarray-open-mfdataset',
  requests: 'aggregate-open-requests-per-file',
  picture: 'aggregate-first-picture-vs-network',
  scrub: 'aggregate-scrub-across-files-vs-network',
  series: 'aggregate-series-365-files-vs-network',
};

/** Writes the files once (bench/tmp/agg/.bench-aggregate-v1 says they are there); returns their folder. */
export function ensureAggregateData(root, py) {
  const dir = path.join(root, 'bench', 'tmp', 'agg');
  if (existsSync(path.join(dir, '.bench-aggregate-v1'))) return dir;
  console.log(`  writing ${AGGREGATE_FILES} daily netCDF-4 files into bench/tmp/agg (netCDF4-python) …`);
  const r = spawnSync(py, [path.join(root, 'bench', 'make-aggregate.py'), dir, String(AGGREGATE_FILES)], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`bench/make-aggregate.py failed: ${(r.stderr || r.stdout).slice(-1500)}`);
  return dir;
}

/** Enter on the glob in a fresh page → every member read; the ms and the requests made under /data/agg/. */
async function openTrial(context, server) {
  const page = await context.newPage();
  try {
    server.log.length = 0;
    const ms = await openInApp(page, `${server.url}/index.html`, `${server.url}${GLOB}`, DONE);
    const log = server.log.filter((e) => e.path.startsWith('/data/agg/'));
    const summary = await page.getByTestId('join-summary').textContent();
    return {
      ms,
      requests: log.length,
      listing: log.filter((e) => e.path === '/data/agg/').length,
      whole: log.filter((e) => MEMBER.test(e.path) && e.range === null).length,
      failed: log.filter((e) => e.status === 404).length,
      ranged: log.filter((e) => MEMBER.test(e.path) && e.range !== null).length,
      summary: summary ?? '',
    };
  } finally {
    await page.close();
  }
}

/** The share link of the join's t2m as a heatmap in a fresh page → its first picture, and the requests before it. */
async function pictureTrial(context, server) {
  const page = await context.newPage();
  try {
    await page.addInitScript(instrument);
    // BENCH_TRACE=dir: a Chromium trace from the navigation to the picture (scripts/bench-trace-summary.mjs).
    const stopTrace = await startTrace(context, page);
    const link = new URLSearchParams({ url: `${server.url}${GLOB}`, var: VARIABLE, view: 'heatmap' });
    await page.goto(`${server.url}/index.html#${link}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__drawn.filter(Boolean).length >= 1, null, {
      timeout: 300_000,
    });
    await stopTrace('aggregate-picture');
    const drawn = await page.evaluate(() => /** @type {any} */ (window).__drawn[0]);
    const got = (await resources(page, /\/data\/agg\//)).filter((r) => r.end <= drawn);
    const last = got.reduce((a, r) => (r.end > a.end ? r : a), got[0]);
    // What the picture itself needs: the folder's index page and the first member's requests (its header, its
    // chunk), each from when it went out to its last byte, one after another.
    const first = got.filter((r) => /\/data\/agg\/$/.test(r.name) || /t2m_20230101\.nc$/.test(r.name));
    const chunk = first.reduce((a, r) => (r.end > a.end ? r : a), first[0]);
    return {
      drawn,
      lastByte: last?.end ?? NaN,
      requests: got.length,
      protocol: last?.protocol ?? '?',
      chain: first.reduce((s, r) => s + (r.end - r.sent), 0),
      chunkAsked: chunk?.start ?? NaN,
      chunkSent: chunk?.sent ?? NaN,
    };
  } finally {
    await page.close();
  }
}

/** `trials` runs of `fn`, each logged by `say`. */
async function repeat(trials, fn, say) {
  const runs = [];
  for (let t = 0; t < trials; t++) {
    runs.push(await fn());
    console.log(`  ${say(runs.at(-1), t + 1)}`);
  }
  return runs;
}

/** The rows over one protocol's `server` (its latency set), `xarrayMs` the baseline's time. */
async function protocolRows({ context, server, label, trials, xarrayMs }) {
  const rows = [];
  const opens = await repeat(
    trials,
    () => openTrial(context, server),
    (r, t) =>
      `${label} open trial ${t}: every member read ${round(r.ms, 0)} ms after Enter, ${r.requests} requests (${r.failed} answered 404, ${r.ranged} byte ranges), "${r.summary}"`,
  );
  const ms = median(opens.map((r) => r.ms));
  const perFile = median(opens.map((r) => r.requests)) / AGGREGATE_FILES;
  const speedup = xarrayMs / ms;
  rows.push(
    {
      name: ROWS.open,
      value: round(speedup),
      unit: '×',
      target: 10,
      met: speedup >= 10,
      baseline: `${label}: xarray + h5netcdf + fsspec open_mfdataset ${round(xarrayMs, 0)} ms (over HTTP/1.1); ours ${round(ms, 0)} ms from Enter on the glob to every member read (medians of ${trials}; ${opens[0].summary})`,
    },
    {
      name: ROWS.requests,
      value: round(perFile),
      unit: 'requests',
      target: 2,
      met: perFile <= 2,
      baseline: `${label}: ${median(opens.map((r) => r.requests))} requests for ${AGGREGATE_FILES} files until every member was read: ${median(opens.map((r) => r.listing))} for the folder's index page, ${median(opens.map((r) => r.failed))} answered 404 (Zarr documents and a folder looked for under a file's URL), ${median(opens.map((r) => r.whole))} without a range and ${median(opens.map((r) => r.ranged))} byte ranges of the files (medians of ${trials})`,
    },
  );
  const pictures = await repeat(
    trials,
    () => pictureTrial(context, server),
    (r, t) =>
      `${label} first picture trial ${t}: drawn ${round(r.drawn, 0)} ms after the link, last byte before it ${round(r.lastByte, 0)} ms (${r.requests} requests, ${r.protocol}); the first member's chunk asked for at ${round(r.chunkAsked, 0)} ms, sent at ${round(r.chunkSent, 0)} ms; its requests and the index page take ${round(r.chain, 0)} ms one after another`,
  );
  const ratio = median(pictures.map((r) => r.drawn / r.lastByte));
  const med = (k) => round(median(pictures.map((r) => r[k])), 0);
  rows.push({
    name: ROWS.picture,
    value: round(ratio),
    unit: 'ratio',
    target: 1.5,
    met: ratio <= 1.5,
    baseline: `${label}: heatmap drawn ${med('drawn')} ms after the link was opened, the last byte of the join's requests before it at ${med('lastByte')} ms (${med('requests')} requests; medians of ${trials}; ${pictures[0].protocol}); the first member's chunk asked for at ${med('chunkAsked')} ms and sent at ${med('chunkSent')} ms, while the index page and the first member's requests take ${med('chain')} ms one after another`,
  });
  rows.push(
    await scrubRow({
      context,
      server,
      label,
      timeSteps: AGGREGATE_FILES,
      name: ROWS.scrub,
      target: { ...JOIN, chunk: /\/data\/agg\/t2m_20230101\.nc$/ },
    }),
  );
  return rows;
}

/** The xarray baseline over `url` (the HTTP/1.1 server): the median of `trials` runs, fewer when one is slow. */
async function xarrayBaseline(root, py, url, trials) {
  const ms = [];
  for (let t = 0; t < trials; t++) {
    const out = await runAsync(py, [path.join(root, 'bench', 'xarray-open-mfdataset.py'), url, 'time'], root);
    const r = JSON.parse(out.trim().split('\n').pop());
    if (r.files !== AGGREGATE_FILES || r.length !== AGGREGATE_FILES)
      throw new Error(`xarray opened ${r.files} files of ${r.length} steps, not ${AGGREGATE_FILES}`);
    ms.push(r.ms);
    console.log(`  xarray open_mfdataset trial ${t + 1}: ${round(r.ms, 0)} ms (${r.files} files)`);
    // Over a minute a run: one is the figure (the machine is shared).
    if (r.ms > 60_000) break;
  }
  return { ms: median(ms), runs: ms.length };
}

/**
 * Measures the aggregate rows: `browser` (Playwright chromium), `startServer` and `tls` (bench/server.mjs,
 * bench/tls.mjs), `root` (the repository), `appDir` (the built app), `py` (Debian's python3). Returns
 * `{ results, notes }` in scripts/bench.mjs's row format.
 */
export async function runAggregateBench({ browser, startServer, tls, root, appDir, py, latency = 20, trials = 3 }) {
  const dir = ensureAggregateData(root, py);
  const mounts = { '/': appDir, '/data/agg/': dir };
  const servers = {
    'HTTP/1.1': await startServer(mounts),
    ...(tls ? { 'HTTP/2': await startServer(mounts, { tls }) } : {}),
  };
  const byProtocol = {};
  const results = [];
  const notes = [];
  try {
    for (const s of Object.values(servers)) s.setLatency(latency);
    const http1 = servers['HTTP/1.1'];
    const xarray = await xarrayBaseline(root, py, `${http1.url}${GLOB}`, trials);
    for (const [label, server] of Object.entries(servers)) {
      const context = await browser.newContext({ ignoreHTTPSErrors: label === 'HTTP/2', viewport: SERIES_VIEWPORT });
      try {
        byProtocol[label] = await protocolRows({ context, server, label, trials, xarrayMs: xarray.ms });
        if (label === 'HTTP/2')
          results.push(
            await seriesRow({
              context,
              server,
              target: { ...JOIN, chunks: MEMBER },
              trials,
              latency,
              label,
              name: ROWS.series,
              what: `${label} series across ${AGGREGATE_FILES} files`,
            }),
          );
      } finally {
        await context.close();
      }
    }
    if (!servers['HTTP/2']) notes.push(`${ROWS.series} not measured: no certificate for HTTP/2`);
    if (xarray.runs < trials) notes.push(`xarray open_mfdataset: ${xarray.runs} run(s), each over a minute`);
  } finally {
    for (const s of Object.values(servers)) await s.stop();
  }
  return { results: [...joinProtocols(byProtocol), ...results], notes };
}
