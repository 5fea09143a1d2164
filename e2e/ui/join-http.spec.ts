/**
 * Joins of files on a plain HTTP server (app/join, src/aggregate, src/listing/glob.ts): the harness's static server
 * with Range, CORS and nginx-style folder indexes (the listing an https glob is expanded from), started for this
 * spec so that its request log holds this spec's requests only: the glob's members read by byte range, Play
 * across member boundaries asking for the next member's chunk ahead of the slider, Cancel while the members are
 * read stopping their requests and keeping those read. fixtures/aggregate is written by
 * scripts/fixtures/make-aggregate.py, with what xarray's open_mfdataset makes of each set (expected.json).
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type LogEntry, type StaticServer } from '../harness/static-server';
import { AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { cellValue, openUrl, selectPath } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXPECTED = AGGREGATE_EXPECTED;

let indexed: StaticServer;
test.beforeAll(async () => {
  indexed = await startStaticServer(ROOT, 0, { autoindex: true });
});
test.afterAll(async () => indexed?.stop());
// Each test reads the log of its own requests (and sets its own delays).
test.beforeEach(async () => void (await fetch(`${indexed.url}/__control/reset`, { method: 'POST' })));

/** The shape of a fixture's Zarr v2 array, from its `.zarray`. */
const zarrShape = (array: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, 'fixtures/aggregate', array, '.zarray'), 'utf8')) as { shape: number[] })
    .shape;

const agg = () => `${indexed.url}/fixtures/aggregate`;

async function requestLog(): Promise<LogEntry[]> {
  return (await (await fetch(`${indexed.url}/__control/log`)).json()) as LogEntry[];
}

/** Waits for every member to be read: the panel's summary. */
async function joined(page: Page, text: RegExp | string): Promise<void> {
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('join-summary')).toContainText(text);
}

test('an https glob pasted as the URL: the folder listed, the files joined along time in time order, values as xarray’s', async ({
  page,
}) => {
  const e = EXPECTED.daily!;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const steps = e.dims.time!.size;
  const tas = e.values.tas!;
  await page.goto('/');
  await openUrl(page, `${agg()}/daily/*.nc`);
  await joined(page, `${e.members.length} of ${e.members.length} files joined along time`);
  await selectPath(page, '/tas');
  const slider = page.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await page.getByTestId('view-matrix').click();
  // The first step of each member (their names do not sort as their times), and the last step of all.
  const per = steps / e.members.length;
  for (const t of [...e.members.map((_, m) => m * per), steps - 1]) {
    await page.getByTestId('index-time').fill(String(t));
    await expect(slider).toHaveValue(String(t));
    for (const [y, x] of [
      [0, 0],
      [ny - 1, nx - 1],
    ] as const)
      await expect.poll(async () => Number(await cellValue(page, y, x))).toBe(tas[(t * ny + y) * nx + x]);
  }
  // The glob was expanded from the folder's index page, and each member read by byte range.
  const log = await requestLog();
  expect(log.some((r) => r.path === '/fixtures/aggregate/daily/' && r.status === 200)).toBe(true);
  for (const m of e.members)
    expect(log.some((r) => r.path === `/fixtures/aggregate/daily/${m}` && r.range !== null)).toBe(true);
});

/** Records, in the page, when the slider of `dim` shows each index (Date.now(), the server log's clock). */
async function recordSlider(page: Page, dim: string): Promise<() => Promise<{ at: number; value: number }[]>> {
  await page.evaluate((id) => {
    const w = window as unknown as { steps: { at: number; value: number }[] };
    w.steps = [];
    setInterval(() => {
      const el = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`);
      const value = el ? Number(el.value) : NaN;
      if (w.steps[w.steps.length - 1]?.value !== value) w.steps.push({ at: Date.now(), value });
    }, 5);
  }, `slider-${dim}`);
  return () => page.evaluate(() => (window as unknown as { steps: { at: number; value: number }[] }).steps);
}

/**
 * Records, in the page, each animation frame's heatmap: `missing` when no whole picture is on the page (no heatmap,
 * the loading one in its place, no plotly heatmap image, or a raster canvas not opaque at six points), and the
 * pictures drawn (`data-rendered`).
 */
async function recordFrames(
  page: Page,
): Promise<() => Promise<{ missing: number; frames: number; rendered: number[] }>> {
  await page.evaluate(() => {
    const w = window as unknown as { rec: { missing: number; frames: number; rendered: number[]; on: boolean } };
    w.rec = { missing: 0, frames: 0, rendered: [], on: true };
    const whole = (canvas: HTMLCanvasElement | null) => {
      const ctx = canvas && canvas.width > 1 ? canvas.getContext('2d') : null;
      if (!canvas || !ctx) return false;
      return [0.1, 0.5, 0.9].every((f) =>
        [0.1, 0.9].every(
          (g) => ctx.getImageData(Math.floor(canvas.width * f), Math.floor(canvas.height * g), 1, 1).data[3] === 255,
        ),
      );
    };
    const look = () => {
      if (!w.rec.on) return;
      w.rec.frames++;
      const el = document.querySelector<HTMLElement>('[data-testid=heatmap]');
      const loading = document.querySelector('[data-testid=heatmap-progressive]');
      // A small slice is plotly's heatmap image; a larger one the raster's canvas.
      const image = (el?.querySelector('.hm image')?.getAttribute('href') ?? '').startsWith('data:image/');
      const raster = document.querySelector<HTMLCanvasElement>('[data-testid=heatmap-raster]');
      if (!el || loading || !(raster ? whole(raster) : image)) w.rec.missing++;
      const n = Number(el?.dataset.rendered ?? 0);
      if (w.rec.rendered.at(-1) !== n) w.rec.rendered.push(n);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { rec: { missing: number; frames: number; rendered: number[]; on: boolean } };
      w.rec.on = false;
      return { missing: w.rec.missing, frames: w.rec.frames, rendered: w.rec.rendered };
    });
}

test('Play across the monthly Zarr members reads the next member’s chunk before the slider gets there', async ({
  page,
}) => {
  const e = EXPECTED.monthly!;
  const steps = e.dims.time!.size;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const pr = e.values.pr!;
  // The first member's length along time (its days), as its Zarr metadata gives it.
  const jan = zarrShape(`monthly/${e.members[0]}/pr`)[0]!;
  const next = `/fixtures/aggregate/monthly/${e.members[1]}/pr/0.0.0`;
  await page.goto('/');
  await openUrl(page, `${agg()}/monthly/*.zarr`);
  await joined(page, `${e.members.length} of ${e.members.length} files joined along time`);
  await selectPath(page, '/pr');
  const slider = page.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await page.getByTestId('index-time').fill(String(jan - 4));
  await expect(slider).toHaveValue(String(jan - 4));
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  const sliderSteps = await recordSlider(page, 'time');
  const frames = await recordFrames(page);
  expect((await requestLog()).filter((r) => r.path === next)).toEqual([]);
  await page.getByTestId('play-time').click();
  await expect(slider).toHaveValue(String(jan + 1), { timeout: 20_000 });
  await page.getByTestId('play-time').click();
  const shown = await sliderSteps();
  // No blank frame: every animation frame of the Play showed a whole picture, a new one for each of the five steps,
  // across the members' boundary (from the first member's last days to the second's first).
  const drawn = await frames();
  expect(drawn.frames).toBeGreaterThan(60);
  expect(drawn.missing).toBe(0);
  expect(drawn.rendered.at(-1)! - drawn.rendered[0]!).toBeGreaterThanOrEqual(5);
  const reached = shown.find((s) => s.value >= jan)!.at;
  const asked = (await requestLog()).filter((r) => r.path === next);
  // Asked for once, while the slider was still on the first member's days (the step onto it took that read).
  expect(asked).toHaveLength(1);
  expect(asked[0]!.time).toBeLessThan(reached);
  // And the first day of the second member shows xarray's values.
  await page.getByTestId('index-time').fill(String(jan));
  await page.getByTestId('view-matrix').click();
  for (const [y, x] of [
    [0, 0],
    [ny - 1, nx - 1],
  ] as const)
    await expect.poll(async () => Number(await cellValue(page, y, x))).toBe(pr[(jan * ny + y) * nx + x]);
});

test('Cancel while the members are read: the reading stops, no member is asked for after it, those read stay usable', async ({
  page,
}) => {
  const e = EXPECTED.monthly!;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const pr = e.values.pr!;
  const [first, second, ...slow] = e.members as [string, string, ...string[]];
  const days = zarrShape(`monthly/${first}/pr`)[0]! + zarrShape(`monthly/${second}/pr`)[0]!;
  const scope = `${indexed.url}/__control/config?scope=cancel`;
  // The members after the second (in time order) answer their consolidated metadata 4 s late (two requests held,
  // not the six a host may have open at once over HTTP/1.1).
  await fetch(scope, {
    method: 'POST',
    body: JSON.stringify({ faults: slow.map((m) => ({ kind: 'delay', ms: 4000, match: `/monthly/${m}/.zmetadata` })) }),
  });
  try {
    await page.goto('/');
    await openUrl(page, `${agg()}/monthly/*.zarr`);
    const panel = page.getByTestId('join-panel');
    await expect(page.getByTestId('join-progress-text')).toHaveText(`2 of ${e.members.length} members read`);
    await expect(panel).toHaveAttribute('data-state', 'reading');
    // The probe's first requests of the held members, sent together, have all reached the server.
    await expect
      .poll(async () => {
        const paths = new Set((await requestLog()).map((r) => r.path));
        return slow.every((m) =>
          ['.zmetadata', '.zgroup', '.zattrs'].every((k) => paths.has(`/fixtures/aggregate/monthly/${m}/${k}`)),
        );
      })
      .toBe(true);
    const cancelledAt = Date.now();
    await page.getByTestId('join-cancel').click();
    await expect(panel).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId('join-progress')).toHaveCount(0);
    await expect(page.getByTestId('join-summary')).toHaveText(
      `2 of ${e.members.length} files joined along time (cancelled after 2 of ${e.members.length} were read)`,
    );
    // Past the delay: the requests in flight at Cancel were not followed by the members' next ones.
    await page.waitForTimeout(5000);
    const after = (await requestLog()).filter(
      (r) => r.time > cancelledAt && slow.some((m) => r.path.includes(`/${m}/`)),
    );
    expect(after).toEqual([]);
    await expect(panel).toHaveAttribute('data-state', 'cancelled');

    // The two members read are the dataset: their days, with xarray's values across their boundary.
    await selectPath(page, '/pr');
    const slider = page.getByTestId('slider-time');
    await expect(slider).toHaveAttribute('max', String(days - 1));
    await page.getByTestId('view-matrix').click();
    for (const t of [days - zarrShape(`monthly/${second}/pr`)[0]! - 1, days - 1]) {
      await page.getByTestId('index-time').fill(String(t));
      await expect(slider).toHaveValue(String(t));
      await expect
        .poll(async () => Number(await cellValue(page, ny - 1, nx - 1)))
        .toBe(pr[(t * ny + ny - 1) * nx + nx - 1]);
    }
  } finally {
    await fetch(`${indexed.url}/__control/reset?scope=cancel`, { method: 'POST' });
  }
});
