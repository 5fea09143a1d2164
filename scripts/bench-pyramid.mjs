// The pyramid rows (called by scripts/bench-app.mjs), against /synthetic/pyramid.zarr (bench/synthetic/: a
// 21,600 × 43,200 float32 field as an OME-NGFF pyramid of 7 levels, chunks made on demand), each trial in a fresh
// page, the finest level `/0` selected in the tree:
//   pyramid-first-picture-vs-network  select → the first whole picture (next frame) ÷ select → the last byte of
//                                     the chunks of the level it shows (Resource Timing, those before the picture)
//   pyramid-bytes-per-screen-pixel    response bytes of that level's chunk requests before the picture (the
//                                     server's log) ÷ the plot area (CSS px)
//   zoom-refine-vs-network            plotly relayout to 1/8 of each axis' extent around the centre → the next
//                                     whole picture of a finer level ÷ → the last byte of that level's chunks read
//                                     after the zoom (one latency at least)
// The DOM contract: the heatmap's plot element ([data-testid=heatmap], plotly's graph div) carries
// `data-pyramid-level` (0 finest) and `data-rendered`; a `[data-testid=pyramid-level]` text says "level k of n".
// An app without it is not measured (its read of the finest level whole would take the machine for minutes).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { median, openInApp, resources, round, selectInTree, startTrace } from './bench-page.mjs';

const PYRAMID = '/synthetic/pyramid.zarr';

/** Why the built app cannot be measured (no pyramid display in it), or null. */
export function pyramidMissing(appDir) {
  const assets = path.join(appDir, 'assets');
  if (!existsSync(assets)) return 'no built app';
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  if (js.some((f) => readFileSync(path.join(assets, f), 'utf8').includes('pyramid-level'))) return null;
  return 'the app has no pyramid display yet (no data-testid "pyramid-level" in its build)';
}

class NotMeasured extends Error {}

export const PYRAMID_ROWS = [
  ['pyramid-first-picture-vs-network', 'ratio', 1.5],
  ['pyramid-bytes-per-screen-pixel', 'bytes', 16],
  ['zoom-refine-vs-network', 'ratio', 1.5],
];

/** The three rows as not measured, and why. */
const notMeasured = (label, why) => ({
  results: PYRAMID_ROWS.map(([name, unit, target]) => ({ name, unit, target, notMeasured: `${label}: ${why}` })),
  notes: [`pyramid rows not measured (${label}): ${why}`],
});

/** The graph div's plot area and axis ranges. */
const plotArea = (page) =>
  page.evaluate(() => {
    const el = /** @type {any} */ (document.querySelector('[data-testid=heatmap]'));
    const fl = el?._fullLayout;
    if (!fl?.xaxis || !fl?.yaxis) return null;
    return { w: fl.xaxis._length, h: fl.yaxis._length, xr: [...fl.xaxis.range], yr: [...fl.yaxis.range] };
  });

/**
 * Zooms to `xr`, `yr` with plotly's relayout on the graph div: plotly from `window.Plotly` or from the app's own
 * plotly chunk (the same module instance: a module URL is loaded once); without either, a zoom box dragged with
 * the mouse. Returns the page time the zoom was asked for.
 */
async function zoomTo(page, xr, yr) {
  const t = await page.evaluate(
    async ([x, y]) => {
      const w = /** @type {any} */ (window);
      let P = w.Plotly;
      if (!P?.relayout)
        for (const e of performance.getEntriesByType('resource'))
          if (/plotly[^/]*\.js$/.test(e.name)) {
            const mod = await import(/* @vite-ignore */ e.name);
            for (const v of Object.values(mod)) {
              const c = /** @type {any} */ (v);
              if (c?.relayout) P = c;
              else if (c?.default?.relayout) P = c.default;
            }
          }
      if (!P?.relayout) return null;
      const el = document.querySelector('[data-testid=heatmap]');
      const at = performance.now();
      void P.relayout(el, { 'xaxis.range': x, 'yaxis.range': y });
      return at;
    },
    [xr, yr],
  );
  if (t !== null) return t;
  // A zoom box from the mouse (plotly's default drag mode).
  const box = await page.evaluate(
    ([x, y]) => {
      const el = /** @type {any} */ (document.querySelector('[data-testid=heatmap]'));
      const { xaxis, yaxis } = el._fullLayout;
      const r = el.getBoundingClientRect();
      const px = (v) =>
        r.left + xaxis._offset + ((v - xaxis.range[0]) / (xaxis.range[1] - xaxis.range[0])) * xaxis._length;
      const py = (v) =>
        r.top + yaxis._offset + ((yaxis.range[1] - v) / (yaxis.range[1] - yaxis.range[0])) * yaxis._length;
      return [px(x[0]), py(y[0]), px(x[1]), py(y[1])];
    },
    [xr, yr],
  );
  await page.mouse.move(box[0], box[1]);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box[0] + ((box[2] - box[0]) * i) / 8, box[1] + ((box[3] - box[1]) * i) / 8);
  const at = await page.evaluate(() => performance.now());
  await page.mouse.up();
  return at;
}

/** The first whole picture at index ≥ `from` of a level below `below`: `{ i, drawn, level }`. */
async function picture(page, from, below, what) {
  const handle = await page
    .waitForFunction(
      ([n, under]) => {
        const w = /** @type {any} */ (window);
        for (let i = n; i < w.__pics.length; i++) {
          const p = w.__pics[i];
          if (!p.drawn) continue;
          if (p.level === null) return { i, drawn: p.drawn, level: null, via: p.via };
          if (Number(p.level) < under) return { i, drawn: p.drawn, level: Number(p.level), via: p.via };
        }
        return false;
      },
      [from, below],
      { timeout: 60_000 },
    )
    .catch(() => null);
  if (!handle) throw new NotMeasured(`no ${what} within 60 s`);
  const r = await handle.jsonValue();
  if (r.level === null) throw new NotMeasured('the heatmap shows no data-pyramid-level');
  return r;
}

async function pyramidTrial(context, server, latency) {
  const page = await context.newPage();
  try {
    await openInApp(page, `${server.url}/index.html`, `${server.url}${PYRAMID}`, '[role=treeitem][data-path="/0"]');
    await page.waitForTimeout(1500); // the user reads the tree; plotly loads meanwhile
    await page.waitForFunction(() => true); // Playwright's helper script installed before the click (see bench-app)
    const since = server.log.length;
    const t0 = await selectInTree(page, '/0');
    const first = await picture(page, 0, Infinity, 'first picture');
    const epoch = (await page.evaluate(() => performance.timeOrigin)) + first.drawn;
    const level = (k) => new RegExp(`${PYRAMID}/${k}/\\d+\\.\\d+$`);
    const firstReads = (await resources(page, level(first.level))).filter((e) => e.end <= first.drawn);
    const network = Math.max(...firstReads.map((e) => e.end)) - t0;
    const bytes = server.log
      .slice(since)
      .filter((e) => e.level === first.level && e.status === 200 && e.lastByte !== null && e.lastByte <= epoch + 1)
      .reduce((a, e) => a + e.bytes, 0);
    const area = await plotArea(page);
    if (!area) throw new NotMeasured('the heatmap has no plotly axes');
    // Zoom ×8 about the centre, once the first picture has been looked at.
    await page.waitForTimeout(1000);
    const z = (r) => [(r[0] + r[1]) / 2 + (r[0] - r[1]) / 16, (r[0] + r[1]) / 2 + (r[1] - r[0]) / 16];
    const n = await page.evaluate(() => /** @type {any} */ (window).__pics.length);
    const stopTrace = await startTrace(context, page); // BENCH_TRACE=dir: the zoom's trace
    const t1 = await zoomTo(page, z(area.xr), z(area.yr));
    const fine = await picture(page, n, first.level, 'finer picture after the zoom');
    await stopTrace('zoom');
    const zoomReads = (await resources(page, level(fine.level))).filter((e) => e.start >= t1 && e.end <= fine.drawn);
    const zoomNet = Math.max(latency, ...zoomReads.map((e) => e.end - t1));
    // BENCH_DEBUG=1: where the refine's time goes (app/views/heatmap/read-region.ts's marks, the chunks' reads).
    if (process.env.BENCH_DEBUG) {
      const marks = await page.evaluate(
        (from) =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.startTime >= from)
            .map((m) => [m.name, Math.round(m.startTime - from)]),
        t1,
      );
      console.log(
        '    marks after zoom:',
        JSON.stringify(marks),
        'reads',
        JSON.stringify(zoomReads.map((e) => [Math.round(e.start - t1), Math.round(e.end - t1)])),
        'drawn',
        Math.round(fine.drawn - t1),
      );
    }
    return {
      first: first.drawn - t0,
      network,
      level: first.level,
      chunks: firstReads.length,
      bytes,
      pixels: area.w * area.h,
      area: `${round(area.w, 0)} × ${round(area.h, 0)}`,
      fineLevel: fine.level,
      refine: fine.drawn - t1,
      zoomNet,
      zoomChunks: zoomReads.length,
      protocol: firstReads[0]?.protocol ?? '?',
    };
  } finally {
    await page.close();
  }
}

/**
 * The three pyramid rows over `server` (the app at '/', the synthetic stores at '/synthetic/'); `warm`: one
 * untimed trial first, so that the server answers from its chunk cache as a static server would (not while it
 * compresses). Returns `{ results, notes }`; rows that cannot be measured are `{ name, notMeasured: why }`.
 */
export async function runPyramidBench({ context, server, latency, trials, label, appDir, warm }) {
  const missing = pyramidMissing(appDir);
  if (missing) return notMeasured(label, missing);
  const runs = [];
  try {
    if (warm) await pyramidTrial(context, server, latency);
    for (let t = 0; t < trials; t++) {
      const r = await pyramidTrial(context, server, latency);
      console.log(
        `  ${label} pyramid trial ${t + 1}: level ${r.level} drawn ${round(r.first, 0)} ms (last byte ${round(r.network, 0)} ms, ${r.chunks} chunks, ${r.bytes} bytes on ${r.area} px); zoom ×8 → level ${r.fineLevel} in ${round(r.refine, 0)} ms (network ${round(r.zoomNet, 0)} ms, ${r.zoomChunks} chunks)`,
      );
      runs.push(r);
    }
  } catch (e) {
    if (!(e instanceof NotMeasured)) throw e;
    return notMeasured(label, e.message);
  }
  const m = (f) => median(runs.map(f));
  const [first, refine, bpp] = [
    m((r) => r.first / r.network),
    m((r) => r.refine / r.zoomNet),
    m((r) => r.bytes / r.pixels),
  ];
  const levels = [...new Set(runs.map((r) => r.level))].join('/');
  return {
    notes: [],
    results: [
      {
        name: 'pyramid-first-picture-vs-network',
        value: round(first),
        unit: 'ratio',
        target: 1.5,
        met: first <= 1.5,
        baseline: `${label}: level ${levels} of 7 drawn ${round(
          m((r) => r.first),
          0,
        )} ms after selecting, its last chunk byte at ${round(
          m((r) => r.network),
          0,
        )} ms (medians of ${trials}; ${runs[0].protocol})`,
      },
      {
        name: 'pyramid-bytes-per-screen-pixel',
        value: round(bpp, 1),
        unit: 'bytes',
        target: 16,
        met: bpp <= 16,
        baseline: `${label}: ${round(m((r) => r.bytes) / 2 ** 20, 2)} MiB of level ${levels} chunks (${m((r) => r.chunks)} chunks) for a ${runs[0].area} px plot area`,
      },
      {
        name: 'zoom-refine-vs-network',
        value: round(refine),
        unit: 'ratio',
        target: 1.5,
        met: refine <= 1.5,
        baseline: `${label}: zoom ×8 → level ${[...new Set(runs.map((r) => r.fineLevel))].join('/')} drawn ${round(
          m((r) => r.refine),
          0,
        )} ms after the relayout, its chunks' last byte at ${round(
          m((r) => r.zoomNet),
          0,
        )} ms (${m((r) => r.zoomChunks)} chunks; medians of ${trials})`,
      },
    ],
  };
}
