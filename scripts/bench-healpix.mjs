// The HEALPix pyramid row (called by scripts/bench-app.mjs, group `healpix`), each trial in a fresh page opened on
// a share link to the finest level's Map:
//   healpix-bytes-per-screen-pixel  /data/healpix-pyramid.zarr (bench/make-healpix.py: zoom_0 … zoom_10, nside
//                                   1 … 1024 nested, zoom_10 of 12,582,912 float32 cells in 65,536-cell chunks),
//                                   /zoom_10/tas on the Map: response bytes of the pyramid's chunk requests made
//                                   before the first picture (the server's log) ÷ the plot's device pixels
import { performance } from 'node:perf_hooks';
import { watchMap } from './bench-map.mjs';
import { median, round } from './bench-page.mjs';

export const HEALPIX_ROW = 'healpix-bytes-per-screen-pixel';
const TARGET = 16;
const STORE = '/data/healpix-pyramid.zarr';
const CHUNK = /^\/data\/healpix-pyramid\.zarr\/(zoom_\d+)\/tas\/\d+\.\d+$/;

async function trial(context, server) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchMap);
    const since = server.log.length;
    const link = new URLSearchParams({ url: `${server.url}${STORE}`, var: '/zoom_10/tas', x: 'cell', view: 'map' });
    await page.goto(`${server.url}/index.html#${link}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__mapDrawn > 0, null, { timeout: 120_000 });
    const { drawn, origin, w, h, dpr, cells } = await page.evaluate(() => {
      const win = /** @type {any} */ (window);
      const fl = /** @type {any} */ (document.querySelector('[data-testid=map-plot]'))?._fullLayout;
      return {
        drawn: win.__mapDrawn,
        origin: performance.timeOrigin,
        w: fl?.xaxis?._length ?? 0,
        h: fl?.yaxis?._length ?? 0,
        dpr: window.devicePixelRatio || 1,
        cells: document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-cells') ?? '?',
      };
    });
    // The server's log times are its own clock's (performance.now() at the request): both as ms since the epoch.
    const picture = origin + drawn - performance.timeOrigin;
    const reads = server.log.slice(since).filter((e) => CHUNK.test(e.path) && e.status < 300 && e.time <= picture);
    const levels = [...new Set(reads.map((e) => CHUNK.exec(e.path)?.[1]))].sort();
    const bytes = reads.reduce((a, e) => a + e.bytes, 0);
    return {
      bytes,
      chunks: reads.length,
      levels,
      pixels: w * h * dpr * dpr,
      area: `${round(w, 0)} × ${round(h, 0)}`,
      dpr,
      cells,
    };
  } finally {
    await page.close();
  }
}

/** The row over `server` (`trials` fresh pages). */
export async function healpixRow({ context, server, label, trials }) {
  const runs = [];
  for (let t = 0; t < trials; t++) {
    const r = await trial(context, server);
    console.log(
      `  ${label} HEALPix pyramid trial ${t + 1}: ${r.cells} drawn, ${r.chunks} chunks of ${r.levels.join(', ') || 'no level'} (${r.bytes} bytes) on ${r.area} px × ${r.dpr}²`,
    );
    runs.push(r);
  }
  const base = { name: HEALPIX_ROW, unit: 'bytes', target: TARGET };
  if (runs.some((r) => !(r.pixels > 0) || r.chunks === 0))
    return { ...base, notMeasured: `${label}: no chunk read or no plot area before the first picture` };
  const bpp = median(runs.map((r) => r.bytes / r.pixels));
  const levels = [...new Set(runs.flatMap((r) => r.levels))].join(', ');
  return {
    ...base,
    value: round(bpp, 1),
    met: bpp <= TARGET,
    baseline: `${label}: /zoom_10/tas (nside 1024) opened on the Map, ${round(median(runs.map((r) => r.bytes)) / 2 ** 20, 2)} MiB of ${levels} chunks (${median(runs.map((r) => r.chunks))} chunks; ${runs[0].cells}) for a ${runs[0].area} px plot area at device pixel ratio ${runs[0].dpr} (medians of ${trials})`,
  };
}
