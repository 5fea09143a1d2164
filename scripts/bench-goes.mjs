// The GOES row (called by scripts/bench-app.mjs), against /data/goes.zarr (bench/make-goes.py: a 5,424 × 5,424
// int16 full disk in 226 × 226 chunks on GOES scan angles with its geostationary grid mapping), each trial in a
// fresh page opened on a share link to the field in the Map (as a colleague's link opens it):
//   goes-disk-first-map-vs-network  navigation → the Map's first whole picture (the canvas' `data-rendered`, the
//                                   frame after) ÷ navigation → the last byte of the field's chunks read before it
//                                   (Resource Timing of the page and its workers)
import { median, resources, round, startTrace } from './bench-page.mjs';

export const GOES_ROW = 'goes-disk-first-map-vs-network';
const TARGET = 1.5;

/** In the page: the time of the frame after the Map canvas first counts a whole picture (`__mapDrawn`). */
function watchMap() {
  const w = /** @type {any} */ (window);
  w.__mapDrawn = 0;
  new MutationObserver(() => {
    const el = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=map-canvas]'));
    if (!w.__mapDrawn && el && Number(el.dataset.rendered ?? 0) >= 1)
      requestAnimationFrame(() => (w.__mapDrawn ||= performance.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
}

async function goesTrial(context, server) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchMap);
    // BENCH_TRACE=dir: a Chromium trace from the navigation to the map (scripts/bench-trace-summary.mjs).
    const stopTrace = await startTrace(context, page);
    const link = new URLSearchParams({ url: `${server.url}/data/goes.zarr`, var: '/Rad', view: 'map' });
    await page.goto(`${server.url}/index.html#${link}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__mapDrawn > 0, null, { timeout: 120_000 });
    await stopTrace('goes');
    const drawn = await page.evaluate(() => /** @type {any} */ (window).__mapDrawn);
    const chunks = (await resources(page, /\/data\/goes\.zarr\/Rad\/\d+\.\d+$/)).filter((r) => r.end <= drawn);
    const last = chunks.sort((a, b) => b.end - a.end)[0];
    const bytes = chunks.reduce((s, c) => s + (c.bytes || 0), 0);
    return { drawn, lastByte: last?.end ?? NaN, chunks: chunks.length, bytes, protocol: last?.protocol ?? '?' };
  } finally {
    await page.close();
  }
}

/** The row over `server` (`trials` fresh pages after one untimed one). */
export async function goesRow({ context, server, label, trials }) {
  const warm = await goesTrial(context, server);
  console.log(
    `  ${label} GOES disk warm-up (not counted): map ${round(warm.drawn, 0)} ms, last byte ${round(warm.lastByte, 0)} ms`,
  );
  const runs = [];
  for (let t = 0; t < trials; t++) {
    const r = await goesTrial(context, server);
    console.log(
      `  ${label} GOES disk trial ${t + 1}: map ${round(r.drawn, 0)} ms, last byte ${round(r.lastByte, 0)} ms (${r.chunks} chunks, ${round(r.bytes / 2 ** 20, 1)} MiB, ${r.protocol})`,
    );
    runs.push(r);
  }
  if (runs.some((r) => !(r.chunks > 0)))
    return {
      name: GOES_ROW,
      unit: 'ratio',
      target: TARGET,
      notMeasured: `${label}: no chunk of the field was read before the map`,
    };
  const ratio = median(runs.map((r) => r.drawn / r.lastByte));
  return {
    name: GOES_ROW,
    value: round(ratio),
    unit: 'ratio',
    target: TARGET,
    met: ratio <= TARGET,
    baseline: `${label}: map drawn ${round(median(runs.map((r) => r.drawn)), 0)} ms after the link was opened, the field's last chunk byte at ${round(median(runs.map((r) => r.lastByte)), 0)} ms (medians of ${trials}; ${median(runs.map((r) => r.chunks))} chunks, ${round(median(runs.map((r) => r.bytes)) / 2 ** 20, 1)} MiB; ${runs[0].protocol})`,
  };
}
