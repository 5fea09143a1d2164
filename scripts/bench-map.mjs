// The Map's first-picture rows (called by scripts/bench-app.mjs), each trial in a fresh page opened on a share link
// to a field in the Map (as a colleague's link opens it):
//   goes-disk-first-map-vs-network  /data/goes.zarr (bench/make-goes.py: a 5,424 × 5,424 int16 full disk in
//                                   226 × 226 chunks on GOES scan angles with its geostationary grid mapping)
//   mesh-first-picture-vs-network   /data/icon-r2b6.nc (bench/make-mesh.py: an ICON R2B6-like netCDF-4 file,
//                                   327,680 triangles given by their vertices, float32 on cells), read in place
// Each: navigation → the Map's first whole picture (the canvas' `data-rendered`, the frame after) ÷ navigation →
// the last byte of the dataset's requests made before it (Resource Timing of the page and its workers): the data
// and, for the mesh, its cells' vertices.
import { median, resources, round, startTrace } from './bench-page.mjs';

/** The rows: the dataset (under /data/), the variable, the requests that are its network, the target. */
export const MAP_ROWS = {
  goes: {
    name: 'goes-disk-first-map-vs-network',
    what: 'GOES disk',
    path: '/data/goes.zarr',
    variable: '/Rad',
    network: /\/data\/goes\.zarr\/Rad\/\d+\.\d+$/,
    target: 1.5,
  },
  mesh: {
    name: 'mesh-first-picture-vs-network',
    what: 'ICON R2B6-like mesh',
    path: '/data/icon-r2b6.nc',
    variable: '/S',
    // The cells along x, time on its slider (the link a Map of one time step gives).
    axes: { x: 'ncells' },
    network: /\/data\/icon-r2b6\.nc$/,
    target: 2,
  },
};

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

async function mapTrial(context, server, row, name) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchMap);
    // BENCH_TRACE=dir: a Chromium trace from the navigation to the map (scripts/bench-trace-summary.mjs).
    const stopTrace = await startTrace(context, page);
    const link = new URLSearchParams({ url: `${server.url}${row.path}`, var: row.variable, ...row.axes, view: 'map' });
    await page.goto(`${server.url}/index.html#${link}`);
    await page
      .waitForFunction(() => /** @type {any} */ (window).__mapDrawn > 0, null, { timeout: 120_000 })
      .catch(async (e) => {
        if (process.env.BENCH_DEBUG) await page.screenshot({ path: `/tmp/bench-${name}.png` });
        throw e;
      });
    await stopTrace(name);
    const drawn = await page.evaluate(() => /** @type {any} */ (window).__mapDrawn);
    const got = (await resources(page, row.network)).filter((r) => r.end <= drawn);
    const last = got.sort((a, b) => b.end - a.end)[0];
    const bytes = got.reduce((s, c) => s + (c.bytes || 0), 0);
    return { drawn, lastByte: last?.end ?? NaN, requests: got.length, bytes, protocol: last?.protocol ?? '?' };
  } finally {
    await page.close();
  }
}

/** The row `key` of MAP_ROWS over `server` (`trials` fresh pages after one untimed one). */
export async function mapRow({ context, server, label, trials, key }) {
  const row = MAP_ROWS[key];
  const warm = await mapTrial(context, server, row, key);
  console.log(
    `  ${label} ${row.what} warm-up (not counted): map ${round(warm.drawn, 0)} ms, last byte ${round(warm.lastByte, 0)} ms`,
  );
  const runs = [];
  for (let t = 0; t < trials; t++) {
    const r = await mapTrial(context, server, row, key);
    console.log(
      `  ${label} ${row.what} trial ${t + 1}: map ${round(r.drawn, 0)} ms, last byte ${round(r.lastByte, 0)} ms (${r.requests} requests, ${round(r.bytes / 2 ** 20, 1)} MiB, ${r.protocol})`,
    );
    runs.push(r);
  }
  const base = { name: row.name, unit: 'ratio', target: row.target };
  if (runs.some((r) => !(r.requests > 0)))
    return { ...base, notMeasured: `${label}: nothing of the dataset was read before the map` };
  const ratio = median(runs.map((r) => r.drawn / r.lastByte));
  const mib = round(median(runs.map((r) => r.bytes)) / 2 ** 20, 1);
  return {
    ...base,
    value: round(ratio),
    met: ratio <= row.target,
    baseline: `${label}: map drawn ${round(median(runs.map((r) => r.drawn)), 0)} ms after the link was opened, the last byte it needed at ${round(median(runs.map((r) => r.lastByte)), 0)} ms (medians of ${trials}; ${median(runs.map((r) => r.requests))} requests, ${mib} MiB; ${runs[0].protocol})`,
  };
}
