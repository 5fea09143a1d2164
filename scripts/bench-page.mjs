// What the app bench parts (scripts/bench-app.mjs, scripts/bench-pyramid.mjs) do in the viewer's page: record when
// each heatmap picture is drawn, open a dataset, and read resource timing of the page and its workers.
import { promises as fs } from 'node:fs';
import path from 'node:path';

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * In the page: for each complete heatmap picture n (the plot's `data-rendered` reaching n), `__drawn[n-1]` is the
 * time of the frame after it (requestAnimationFrame), `__frames[n-1]` its `data-frame-index` (the time step…) and
 * `__previewed[k]` the frame after the k-th picture at about the plot's resolution drawn ahead of the full image
 * (`data-previewed`), `__levels[n-1]` its `data-pyramid-level` (on the plot element or an element around it; null without one); `__key` / `__keys` are the times of the keydowns. `__pics` lists pictures for the pyramid rows: `{ level, via, drawn }`.
 */
export function instrument() {
  const w = /** @type {any} */ (window);
  performance.setResourceTimingBufferSize(10_000);
  w.__drawn = [];
  // The heatmap's first pictures at about the plot's resolution (`data-previewed`), drawn before the full image.
  w.__previewed = [];
  w.__frames = [];
  w.__levels = [];
  w.__pics = [];
  w.__key = 0;
  w.__keys = [];
  document.addEventListener(
    'keydown',
    () => {
      w.__key = performance.now();
      w.__keys.push(w.__key);
    },
    true,
  );
  new MutationObserver(() => {
    // The heatmap's element, named `heatmap-progressive` while its slice loads: the loading plot draws a slice's
    // picture the moment the worker that decoded its chunk made it, and counts it (the finished view does not again).
    const el = /** @type {HTMLElement | null} */ (
      document.querySelector('[data-testid=heatmap], [data-testid=heatmap-progressive]')
    );
    const p = Number(el?.dataset.previewed ?? 0);
    if (el && p > w.__previewed.length) {
      w.__previewed.length = p;
      requestAnimationFrame(() => (w.__previewed[p - 1] = performance.now()));
    }
    const n = Number(el?.dataset.rendered ?? 0);
    if (el && n > w.__drawn.length) {
      w.__drawn.length = n;
      w.__frames[n - 1] = el.dataset.frameIndex ?? null;
      // On the plot element, or on the heatmap around it (the tiled heatmap's wrapper); '' or none: no level.
      const level = /** @type {HTMLElement | null} */ (el.closest('[data-pyramid-level]'))?.dataset.pyramidLevel;
      w.__levels[n - 1] = level ? level : null;
      const pic = { level: level ? level : null, via: 'data-rendered', drawn: 0 };
      w.__pics.push(pic);
      requestAnimationFrame(() => (w.__drawn[n - 1] = pic.drawn = performance.now()));
    }
    // A tiled heatmap's new whole picture of a region (`data-region`, with its `data-pyramid-level`) counts too: a
    // picture drawn under the plot (an underlay) does not move `data-rendered`.
    const tiled = /** @type {HTMLElement | null} */ (document.querySelector('[data-region][data-pyramid-level]'));
    const region = tiled?.dataset.region;
    if (tiled && region && region !== w.__region) {
      w.__region = region;
      const pic = { level: tiled.dataset.pyramidLevel || null, via: 'data-region', drawn: 0 };
      w.__pics.push(pic);
      requestAnimationFrame(() => (pic.drawn = performance.now()));
    }
  }).observe(document.body ?? document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-rendered', 'data-previewed', 'data-region'],
  });
}

/**
 * Opens `datasetUrl` in the app at `appUrl` (Enter in the URL field); ms from Enter until `waitFor` shows: the frame
 * after the first DOM change that matches it, seen by a MutationObserver in the page (Playwright's own wait polls at
 * growing intervals and can return hundreds of ms late, after whatever long task the page began next).
 */
export async function openInApp(page, appUrl, datasetUrl, waitFor) {
  await page.goto(appUrl);
  await page.evaluate(instrument);
  await page.evaluate((sel) => {
    const w = /** @type {any} */ (window);
    w.__shown = 0;
    const seen = new MutationObserver(() => {
      if (!document.querySelector(sel)) return;
      seen.disconnect();
      requestAnimationFrame(() => (w.__shown = performance.now()));
    });
    seen.observe(document.body ?? document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, waitFor);
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(datasetUrl);
  await field.press('Enter');
  const t0 = await page.evaluate(() => /** @type {any} */ (window).__key);
  await page.locator(waitFor).first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => /** @type {any} */ (window).__shown > 0, null, { polling: 50, timeout: 10_000 });
  const t1 = await page.evaluate(() => /** @type {any} */ (window).__shown);
  return t1 - t0;
}

/** Clicks the tree row of `path`; returns the page time of the click. */
export function selectInTree(page, path) {
  return page.evaluate((p) => {
    const t = performance.now();
    /** @type {HTMLElement} */ (document.querySelector(`[role=treeitem][data-path="${p}"]`)).click();
    return t;
  }, path);
}

export const drawnCount = (page) => page.evaluate(() => /** @type {any} */ (window).__drawn.filter(Boolean).length);

/**
 * Resource timing entries whose URL matches `re`, fetched by the page or by one of its workers (a decode worker
 * fetches a chunk it decodes as it arrives), on the page's clock (workers' clocks start at their own time origin):
 * `{ name, start, sent, end, bytes, protocol }`, in ms (`sent`: when the request went out, after any wait for a
 * connection).
 */
export async function resources(page, re) {
  const find = (source) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new RegExp(source).test(e.name))
      .map((e) => {
        const r = /** @type {PerformanceResourceTiming} */ (e);
        return {
          name: r.name,
          start: performance.timeOrigin + r.startTime,
          sent: performance.timeOrigin + (r.requestStart || r.startTime),
          end: performance.timeOrigin + r.responseEnd,
          bytes: r.encodedBodySize,
          protocol: r.nextHopProtocol,
        };
      });
  const found = [...(await page.evaluate(find, re.source))];
  for (const w of page.workers()) found.push(...(await w.evaluate(find, re.source).catch(() => [])));
  const origin = await page.evaluate(() => performance.timeOrigin);
  return found.map((e) => ({ ...e, start: e.start - origin, sent: e.sent - origin, end: e.end - origin }));
}

/** When the last byte of the objects whose URL matches `re` arrived (page clock) and over which protocol. */
export async function chunkTiming(page, re) {
  const last = (await resources(page, re)).sort((a, b) => b.end - a.end)[0];
  return { lastByte: last ? last.end : NaN, protocol: last?.protocol ?? '?' };
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
  // BENCH_TRACE_PROFILE=1: JavaScript samples too (they slow the page down about twice).
  ...(process.env.BENCH_TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
  // BENCH_TRACE_CATEGORIES=a,b: more categories (e.g. v8,disabled-by-default-v8.compile,disabled-by-default-v8.gc).
  ...(process.env.BENCH_TRACE_CATEGORIES ? process.env.BENCH_TRACE_CATEGORIES.split(',') : []),
];

/**
 * With BENCH_TRACE=dir, starts a Chromium trace of every thread of `page` (for scripts/bench-trace-summary.mjs);
 * returns the function that stops it and writes `dir/<name>-<time>.json` (does nothing without BENCH_TRACE).
 */
export async function startTrace(context, page) {
  const dir = process.env.BENCH_TRACE;
  const browser = typeof context.browser === 'function' ? context.browser() : context;
  if (!dir || !browser) return async () => undefined;
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  return async (name) => {
    const trace = await browser.stopTracing();
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `${name}-${Date.now()}.json`), trace);
  };
}

/**
 * The rows of one bench part measured over both protocols (`byProtocol`: label → rows) as the report shows them:
 * the HTTP/1.1 rows, each with its HTTP/2 figure in its detail (met by both when the row says `bothProtocols`).
 */
export function joinProtocols(byProtocol) {
  return (byProtocol['HTTP/1.1'] ?? []).map((row) => {
    const other = byProtocol['HTTP/2']?.find((x) => x.name === row.name && !x.notMeasured);
    return other && !row.notMeasured
      ? {
          ...row,
          met: row.bothProtocols ? row.met && other.met : row.met,
          baseline: `${row.baseline}; over HTTP/2 ${other.value} (${other.baseline.replace(/^HTTP\/2: /, '')})`,
        }
      : row;
  });
}
