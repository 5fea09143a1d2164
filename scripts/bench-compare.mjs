// Compare with another dataset in the built viewer, over HTTP/1.1 with an injected latency (`node
// scripts/bench-compare.mjs APP_DIR [DATA_DIR]` runs it alone and prints the row; `npm run bench` runs it as part
// 5c, `BENCH_ONLY=compare npm run bench` alone):
//   compare-first-picture-vs-single  a share link of A beside B (both the ERA5-like store's t, 721 × 1440, B a copy
//                                    at another path: its own requests and caches) loaded in a fresh context →
//                                    A's and B's comparison pictures both drawn, ÷ the share link of A alone → its
//                                    heatmap drawn (medians of the trials). Target ≤ 1.3: B opens and reads
//                                    alongside A, not after it.
// The data: bench/make-era5.py (zarr-python) writes DATA/era5.zarr once (as scripts/bench-app.mjs does), copied to
// DATA/era5-b.zarr.
import { spawnSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { median, round } from './bench-page.mjs';

/** Writes DATA/era5.zarr (zarr-python) and its copy DATA/era5-b.zarr once; null when they cannot be written. */
export async function ensureCompareData(root, dataDir, python = '/usr/bin/python3') {
  const a = path.join(dataDir, 'era5.zarr');
  const b = path.join(dataDir, 'era5-b.zarr');
  if (!existsSync(path.join(a, '.zmetadata'))) {
    await fs.mkdir(dataDir, { recursive: true });
    const r = spawnSync(python, [path.join(root, 'bench', 'make-era5.py'), a], { encoding: 'utf8' });
    if (r.status !== 0) return null;
  }
  if (!existsSync(path.join(b, '.zmetadata'))) await fs.cp(a, b, { recursive: true });
  return { a: 'era5.zarr', b: 'era5-b.zarr' };
}

/** Ms from navigation start until every selector has a plot drawn (`data-rendered`), in a fresh context. */
async function timeTo(browser, url, testIds) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    const handle = await page.waitForFunction(
      (ids) =>
        ids.every((id) => document.querySelector(`[data-testid=${id}][data-rendered]`)) ? performance.now() : false,
      testIds,
      { timeout: 120_000, polling: 'raf' },
    );
    return /** @type {number} */ (await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/**
 * Measures `compare-first-picture-vs-single`: `browser` (Playwright chromium), `startServer` (bench/server.mjs),
 * `appDir` (the built app), `dataDir`. Returns `{ results, notes }` in the rows' format of scripts/bench.mjs.
 */
export async function runCompareBench({ browser, startServer, root, appDir, dataDir, latency = 20, trials = 3 }) {
  const data = await ensureCompareData(root, dataDir);
  if (!data)
    return { results: [], notes: ['compare-first-picture-vs-single skipped: the ERA5-like store not written'] };
  const server = await startServer({ '/': appDir, '/data/': dataDir });
  const enc = encodeURIComponent;
  const single = `${server.url}/index.html#url=${enc(`${server.url}/data/${data.a}`)}&var=${enc('/t')}`;
  const pair = `${single}&burl=${enc(`${server.url}/data/${data.b}`)}&bvar=${enc('/t')}`;
  const singles = [];
  const pairs = [];
  try {
    server.setLatency(latency);
    for (let t = 0; t < trials; t++) {
      singles.push(await timeTo(browser, single, ['heatmap']));
      pairs.push(await timeTo(browser, pair, ['compare-a', 'compare-b']));
      console.log(`  compare trial ${t + 1}: single ${round(singles.at(-1), 0)} ms, pair ${round(pairs.at(-1), 0)} ms`);
    }
  } finally {
    server.setLatency(0);
    await server.stop();
  }
  const ratio = median(pairs) / median(singles);
  return {
    results: [
      {
        name: 'compare-first-picture-vs-single',
        value: round(ratio),
        unit: 'ratio',
        target: 1.3,
        met: ratio <= 1.3,
        baseline: `HTTP/1.1, ${latency} ms latency: share link of A beside B (721 × 1440 each) drawn ${round(median(pairs), 0)} ms after navigation, A alone ${round(median(singles), 0)} ms (medians of ${trials})`,
      },
    ],
    notes: [],
  };
}

// Alone: node scripts/bench-compare.mjs APP_DIR [DATA_DIR]
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const { startServer } = await import('../bench/server.mjs');
  const { CHROMIUM, CHROMIUM_ARGS } = await import('./bench-chromium.mjs');
  const root = path.resolve(import.meta.dirname, '..');
  const tmp = path.join(root, 'bench', 'tmp');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const out = await runCompareBench({
      browser,
      startServer,
      root,
      appDir: path.resolve(process.argv[2] ?? path.join(tmp, 'app')),
      dataDir: path.resolve(process.argv[3] ?? path.join(tmp, 'data')),
      trials: Number(process.env.BENCH_TRIALS ?? 3),
    });
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await browser.close();
  }
}
