// scrub-fast-step-vs-network (called by scripts/bench-app.mjs): the time slider's ArrowRight held at 5 steps/s (a
// key repeat every 200 ms, no pause between steps) for 25 steps along the time axis of an ERA5-like store of
// SCRUB_TIME steps (DATA/era5-long.zarr, bench/make-era5.py), in a fresh page.
// A step's time is from its keydown to the frame after the first whole picture of that step or a later one (a step
// the picture skips while the key is held counts until a later step is on screen); the row is the median step ÷
// the network time of the trial's first slice (select → its chunk's last byte), as slider-step-vs-network.
import { chunkTiming, median, openInApp, round, selectInTree } from './bench-page.mjs';

const STEP_MS = 200;
/** Steps measured in all (over as many fresh pages as the time axis needs). */
export const SCRUB_STEPS = 25;
/** Time steps of the scrubbed store: 25 steps held from the first, in one page. */
export const SCRUB_TIME = 32;

/**
 * What is scrubbed: the dataset (a path on the server), the variable, the first slice's chunk (its URL) and, when
 * opening it goes on after its tree shows (a join's members), what shows once it is done.
 */
export const ERA5_LONG = { dataset: '/data/era5-long.zarr', variable: '/t', chunk: /\/t\/0\.0\.0\.0$/, ready: null };

/** One held-key scrub over `steps` steps of `target` (ERA5_LONG); ms figures. */
async function scrubTrial(context, server, steps, target) {
  const page = await context.newPage();
  try {
    await openInApp(
      page,
      `${server.url}/index.html`,
      `${server.url}${target.dataset}`,
      `[role=treeitem][data-path="${target.variable}"]`,
    );
    if (target.ready) await page.locator(target.ready).waitFor({ timeout: 300_000 });
    await page.waitForTimeout(1500);
    const t0 = await selectInTree(page, target.variable);
    await page.waitForFunction(() => /** @type {any} */ (window).__drawn.filter(Boolean).length >= 1, null, {
      timeout: 60_000,
    });
    const { lastByte, protocol } = await chunkTiming(page, target.chunk);
    // The user looks at the first picture for a moment, as before any scrub (its neighbours are read meanwhile).
    await page.waitForTimeout(1000);
    const slider = page.getByTestId('slider-time');
    await slider.focus();
    const before = await page.evaluate(() => /** @type {any} */ (window).__keys.length);
    for (let k = 0; k < steps; k++) {
      await page.keyboard.down('ArrowRight');
      await page.waitForTimeout(STEP_MS);
    }
    await page.keyboard.up('ArrowRight');
    // The last step on screen.
    await page.waitForFunction(
      (last) => {
        const w = /** @type {any} */ (window);
        return w.__frames.some((f, i) => w.__drawn[i] && parseInt(f, 10) >= last);
      },
      steps,
      { timeout: 30_000 },
    );
    const stepsMs = await page.evaluate(
      ([from, n]) => {
        const w = /** @type {any} */ (window);
        const keys = w.__keys.slice(from, from + n);
        return keys.map((at, k) => {
          const i = w.__frames.findIndex((f, j) => w.__drawn[j] >= at && parseInt(f, 10) >= k + 1);
          return i >= 0 ? w.__drawn[i] - at : NaN;
        });
      },
      [before, steps],
    );
    if (process.env.BENCH_DEBUG) {
      const seen = await page.evaluate((from) => {
        const w = /** @type {any} */ (window);
        const k0 = w.__keys[from];
        return {
          pictures: w.__frames.map((f, i) => `${f}@${Math.round(w.__drawn[i] - k0)}`).join(' '),
          keys: w.__keys
            .slice(from)
            .map((k) => Math.round(k - k0))
            .join(' '),
          marks: performance
            .getEntriesByType('mark')
            .filter((m) => m.startTime >= k0 && /zv:(slice-(load|read|set)|prep)/.test(m.name))
            .map((m) => `${m.name.slice(9)}@${Math.round(m.startTime - k0)}`)
            .join(' '),
        };
      }, before);
      console.log('    pictures', seen.pictures, '\n    keys', seen.keys, '\n    marks', seen.marks);
    }
    return { network: lastByte - t0, protocol, steps: stepsMs };
  } finally {
    await page.close();
  }
}

/**
 * `timeSteps`: the length of the store's time axis (a trial scrubs it from the first step to the last); runs
 * trials until SCRUB_STEPS steps are measured. `name` and `target` (ERA5_LONG) say which row of which dataset.
 * Returns the row.
 */
export async function scrubRow({
  context,
  server,
  label,
  timeSteps,
  name = 'scrub-fast-step-vs-network',
  target = ERA5_LONG,
}) {
  const perTrial = Math.min(SCRUB_STEPS, timeSteps - 1);
  const runs = [];
  for (let done = 0; done < SCRUB_STEPS; done += perTrial) {
    const r = await scrubTrial(context, server, Math.min(perTrial, SCRUB_STEPS - done), target);
    console.log(
      `  ${label} scrub trial ${runs.length + 1}: held steps ${r.steps.map((s) => round(s, 0)).join('/')} ms (first slice's last byte ${round(r.network, 0)} ms, ${r.protocol})`,
    );
    runs.push(r);
  }
  const steps = runs.flatMap((r) => r.steps).map((s) => (Number.isNaN(s) ? Infinity : s));
  const step = median(steps);
  const net = median(runs.map((r) => r.network));
  return {
    name,
    value: round(step / net),
    unit: 'ratio',
    target: 0.5,
    met: step / net <= 0.5,
    baseline: `${label}: median step ${round(step, 0)} ms over ${steps.length} steps held at ${1000 / STEP_MS}/s (${runs.length} fresh page${runs.length > 1 ? 's' : ''} × ${perTrial}, of ${timeSteps} time steps) ÷ ${round(net, 0)} ms network`,
  };
}
