// A point series over 10,000 chunks in the built viewer, over HTTP/2 with an injected latency (called by
// scripts/bench.mjs; `node scripts/bench-series.mjs APP_DIR` runs it alone):
//   series-10k-chunks-vs-network  "Read series" clicked → every value in and the plot drawn, ÷ the same click → the
//                                 last byte of the last chunk (Resource Timing responseEnd); the baseline column
//                                 adds the chunks per second against what the protocol's limit allows
//                                 (32 requests in flight over HTTP/2 ÷ the latency).
// The data is written once into DATA/series10k.zarr by this file (Node's zlib, deterministic): tas(time, lat, lon) =
// (10000, 16, 32) float32, one zlib chunk per time step (2 KiB raw each), with time, lat and lon coordinates and
// consolidated metadata.
import { existsSync, mkdirSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { median, resources, round } from './bench-page.mjs';

export const SERIES_STEPS = 10_000;
const NY = 16;
const NX = 32;
/** In flight over one HTTP/2 connection (src/store/protocol.ts MULTIPLEXED_IN_FLIGHT). */
const H2_IN_FLIGHT = 32;
/** The series pages' size (the plot and the series panel below it on one screen). */
export const SERIES_VIEWPORT = { width: 1280, height: 1000 };

/** The value at (t, y, x): smooth in space, a seasonal cycle and a trend in time (float32). */
export const seriesValue = (t, y, x) =>
  Math.fround(
    280 +
      20 * Math.cos((y / NY) * Math.PI) +
      3 * Math.sin((x / NX) * 2 * Math.PI) +
      8 * Math.sin((t / 365.25) * 2 * Math.PI) +
      t * 1e-4,
  );

function zarray(shape, chunks, dtype, compressor, fill) {
  return { zarr_format: 2, shape, chunks, dtype, compressor, filters: null, fill_value: fill, order: 'C' };
}

/** Writes DATA/series10k.zarr once; returns its folder. */
export async function ensureSeriesData(dataDir) {
  const root = path.join(dataDir, 'series10k.zarr');
  if (existsSync(path.join(root, '.zmetadata'))) return root;
  const meta = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
  const put = async (name, za, attrs, chunks) => {
    const dir = path.join(root, name);
    mkdirSync(dir, { recursive: true });
    meta[`${name}/.zarray`] = za;
    meta[`${name}/.zattrs`] = attrs;
    await fs.writeFile(path.join(dir, '.zarray'), JSON.stringify(za));
    await fs.writeFile(path.join(dir, '.zattrs'), JSON.stringify(attrs));
    for (const [key, bytes] of chunks) await fs.writeFile(path.join(dir, key), bytes);
  };
  const f64 = (n, f) => Buffer.from(Float64Array.from({ length: n }, (_, i) => f(i)).buffer);
  await put(
    'time',
    zarray([SERIES_STEPS], [SERIES_STEPS], '<f8', null, null),
    {
      _ARRAY_DIMENSIONS: ['time'],
      units: 'days since 2000-01-01',
      calendar: 'standard',
      standard_name: 'time',
    },
    [['0', f64(SERIES_STEPS, (i) => i)]],
  );
  await put('lat', zarray([NY], [NY], '<f8', null, null), { _ARRAY_DIMENSIONS: ['lat'], units: 'degrees_north' }, [
    ['0', f64(NY, (y) => 60 - 2 * y)],
  ]);
  await put('lon', zarray([NX], [NX], '<f8', null, null), { _ARRAY_DIMENSIONS: ['lon'], units: 'degrees_east' }, [
    ['0', f64(NX, (x) => -40 + 2 * x)],
  ]);
  const chunks = [];
  for (let t = 0; t < SERIES_STEPS; t++) {
    const field = new Float32Array(NY * NX);
    for (let y = 0; y < NY; y++) for (let x = 0; x < NX; x++) field[y * NX + x] = seriesValue(t, y, x);
    chunks.push([`${t}.0.0`, deflateSync(Buffer.from(field.buffer), { level: 1 })]);
  }
  await put(
    'tas',
    zarray([SERIES_STEPS, NY, NX], [1, NY, NX], '<f4', { id: 'zlib', level: 1 }, 'NaN'),
    { _ARRAY_DIMENSIONS: ['time', 'lat', 'lon'], units: 'K', standard_name: 'air_temperature' },
    chunks,
  );
  await fs.writeFile(path.join(root, '.zgroup'), JSON.stringify(meta['.zgroup']));
  await fs.writeFile(path.join(root, '.zattrs'), '{}');
  await fs.writeFile(path.join(root, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
  return root;
}

/** In the page, before anything loads: room for every resource timing entry; times of the series panel's states. */
function instrument() {
  performance.setResourceTimingBufferSize(100_000);
  const w = /** @type {any} */ (window);
  w.__series = { partial: 0, done: 0 };
  new MutationObserver(() => {
    const el = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=series]'));
    // Without a state (an older panel, whose plot shows once every value is in): done when its plot is drawn.
    const state = el?.dataset.state ?? (el?.querySelector('[data-testid=series-plot]') ? 'done' : undefined);
    if (state === 'partial' && !w.__series.partial) w.__series.partial = performance.now();
    const plot = /** @type {HTMLElement | null} */ (el?.querySelector('[data-testid=series-plot]'));
    const rendered = Number(plot?.dataset.rendered ?? 0);
    // Done: the first draw of the plot after the panel says every value is in, and the frame that shows it.
    if (state === 'done' && w.__series.doneAt === undefined) w.__series.doneAt = el?.dataset.state ? rendered : 0;
    if (w.__series.doneAt !== undefined && rendered > w.__series.doneAt && !w.__series.waiting) {
      w.__series.waiting = true;
      requestAnimationFrame(() => (w.__series.done = performance.now()));
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state', 'data-rendered'],
  });
}

/** What a series is read from: the dataset (a path on the server), the variable and its chunks' URLs. */
const SERIES_10K = {
  dataset: '/data/series10k.zarr',
  variable: '/tas',
  chunks: /\/series10k\.zarr\/tas\/\d+\.0\.0$/,
  ready: null,
};

/**
 * One trial in a fresh page: open `target` (SERIES_10K; `ready`: what shows once its opening is done, when it goes on
 * after the tree shows), show the heatmap, click a cell, read the series; ms from the read's click.
 */
async function trial(context, server, target) {
  const page = await context.newPage();
  try {
    await page.addInitScript(instrument);
    await page.goto(`${server.url}/index.html`);
    const field = page.getByRole('textbox', { name: 'Dataset URL' });
    await field.fill(`${server.url}${target.dataset}`);
    await field.press('Enter');
    await page.locator(`[role=treeitem][data-path="${target.variable}"]`).click({ timeout: 60_000 });
    if (target.ready) await page.locator(target.ready).waitFor({ timeout: 300_000 });
    await page.getByRole('button', { name: 'Heatmap', exact: true }).click({ timeout: 60_000 });
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid=heatmap]')?.getAttribute('data-rendered') ?? 0) >= 1,
      null,
      { timeout: 60_000 },
    );
    const plot = page.getByTestId('heatmap');
    await page.waitForTimeout(1000);
    await plot.scrollIntoViewIfNeeded();
    const at = await plot.evaluate((el) => {
      const fl = /** @type {any} */ (el)._fullLayout;
      const box = el.getBoundingClientRect();
      return { x: box.left + fl._size.l + fl.xaxis.d2p(10), y: box.top + fl._size.t + fl.yaxis.d2p(40) };
    });
    await page.mouse.click(at.x, at.y);
    await page.getByTestId('series-read').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    // A worker that reads a chunk itself keeps its own resource timing entries: room for all of them too.
    for (const w of page.workers())
      await w.evaluate(() => performance.setResourceTimingBufferSize(100_000)).catch(() => undefined);
    const t0 = await page.evaluate(() => {
      const t = performance.now();
      /** @type {HTMLElement} */ (document.querySelector('[data-testid=series-read]')).click();
      return t;
    });
    await page.waitForFunction(() => /** @type {any} */ (window).__series.done > 0, null, { timeout: 900_000 });
    const r = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      return {
        done: w.__series.done,
        partial: w.__series.partial,
        values: document.querySelector('[data-testid=series]')?.getAttribute('data-values') ?? '?',
      };
    });
    // The chunks read after the click, by the page or its workers.
    const entries = (await resources(page, target.chunks)).filter((e) => e.start >= t0);
    const last = entries.reduce((a, e) => (e.end > a.end ? e : a), entries[0]);
    return {
      done: r.done - t0,
      network: (last?.end ?? NaN) - t0,
      partial: r.partial ? r.partial - t0 : NaN,
      protocol: last?.protocol ?? '?',
      requests: entries.length,
      values: r.values,
    };
  } finally {
    await page.close();
  }
}

/**
 * `trials` series of `target` in fresh pages of `context` against `server` (its latency set by the caller), each
 * logged as `what`; the row `name` ({ name, value, unit, target, met, baseline } of scripts/bench.mjs), the
 * baseline column as `label`.
 */
export async function seriesRow({ context, server, target, trials, latency, label, name, what }) {
  const runs = [];
  for (let t = 0; t < trials; t++) {
    const r = await trial(context, server, target);
    const rate = r.requests / (r.network / 1000);
    console.log(
      `  ${what} trial ${t + 1}: done ${round(r.done, 0)} ms, last byte ${round(r.network, 0)} ms (${r.protocol}, ${r.requests} requests, ${round(rate, 0)} chunks/s), first values painted ${round(r.partial, 0)} ms, ${r.values} values`,
    );
    runs.push(r);
  }
  const ratio = median(runs.map((r) => r.done / r.network));
  const done = median(runs.map((r) => r.done));
  const net = median(runs.map((r) => r.network));
  const rate = median(runs.map((r) => r.requests / (r.network / 1000)));
  const ideal = H2_IN_FLIGHT / (latency / 1000);
  const limit = /h2/.test(runs[0].protocol)
    ? ` (the protocol's ${H2_IN_FLIGHT} in flight allow ${round(ideal, 0)}/s)`
    : '';
  return {
    name,
    value: round(ratio),
    unit: 'ratio',
    target: 1.2,
    met: ratio <= 1.2,
    baseline: `${label} (${runs[0].protocol}), ${latency} ms latency: ${median(runs.map((r) => r.requests)).toLocaleString('en')}-chunk point series done ${round(done, 0)} ms after Read, last byte at ${round(net, 0)} ms, ${round(rate, 0)} chunks/s${limit}, first values painted at ${round(median(runs.map((r) => r.partial)), 0)} ms (medians of ${trials})`,
  };
}

/**
 * Measures `series-10k-chunks-vs-network` over HTTP/2: `browser` (Playwright chromium), `startServer` and `tls`
 * (bench/server.mjs, bench/tls.mjs), `appDir` (the built app), `dataDir` (where the data is written once).
 * Returns `{ results, notes }` in the rows' format of scripts/bench.mjs.
 */
export async function runSeriesBench({ browser, startServer, tls, appDir, dataDir, latency = 20, trials = 3 }) {
  if (!tls) return { results: [], notes: ['series-10k-chunks-vs-network skipped: no certificate for HTTP/2'] };
  await ensureSeriesData(dataDir);
  const server = await startServer({ '/': appDir, '/data/': dataDir }, { tls });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: SERIES_VIEWPORT });
  try {
    server.setLatency(latency);
    const row = await seriesRow({
      context,
      server,
      target: SERIES_10K,
      trials,
      latency,
      label: 'HTTP/2',
      name: 'series-10k-chunks-vs-network',
      what: 'series',
    });
    return { results: [row], notes: [] };
  } finally {
    server.setLatency(0);
    await context.close();
    await server.stop();
  }
}

// Alone: node scripts/bench-series.mjs APP_DIR [DATA_DIR]
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const { startServer } = await import('../bench/server.mjs');
  const { benchCertificate } = await import('../bench/tls.mjs');
  const root = path.resolve(import.meta.dirname, '..');
  const tmp = path.join(root, 'bench', 'tmp');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const out = await runSeriesBench({
      browser,
      startServer,
      tls: benchCertificate(path.join(tmp, 'tls')),
      appDir: path.resolve(process.argv[2] ?? path.join(tmp, 'app')),
      dataDir: path.resolve(process.argv[3] ?? path.join(tmp, 'data')),
      trials: Number(process.env.BENCH_TRIALS ?? 3),
    });
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await browser.close();
  }
}
