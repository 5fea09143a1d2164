/**
 * Compare with… on joined datasets (app/compare, app/state/compare-store.ts): the daily netCDF-3 files of
 * fixtures/aggregate joined from an https glob on the harness's static server with folder indexes. A = the join at
 * one day, B = the same glob opened as B and held at another day by B's own step (keyboard); and a single member
 * file as A against the join as B, linked by time and by index. Values, differences and the steps are xarray's
 * (expected.json's "compare", written by scripts/fixtures/make-aggregate.py); share links reproduce each in a fresh
 * page.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type StaticServer } from '../harness/static-server';
import { AGGREGATE_DIR } from '../../src/aggregate/testing/expected';
import { readFileSync } from 'node:fs';
import { openMore, openUrl, selectPath } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Values {
  readonly b_step: number;
  readonly b_values: number[];
  readonly a_minus_b: number[];
}
const C = JSON.parse(readFileSync(path.join(AGGREGATE_DIR, 'expected.json'), 'utf8')) as {
  compare: {
    dims: [string, string, string];
    join_steps: { a: number; b: number; a_values: number[]; b_values: number[]; a_minus_b: number[] };
    member: { name: string; a_step: number; a_values: number[]; by_time: Values; by_index: Values };
  };
  daily: { dims: Record<string, { size: number }>; members: string[] };
};
const E = C.compare;
const NY = C.daily.dims.lat!.size;
const NX = C.daily.dims.lon!.size;

let web: StaticServer;
test.beforeAll(async () => {
  web = await startStaticServer(ROOT, 0, { autoindex: true });
});
test.afterAll(async () => web?.stop());

const glob = () => `${web.url}/fixtures/aggregate/daily/*.nc`;

/** The value drawn in a comparison heatmap's cell (row, column). */
async function cell(page: Page, testId: string, r: number, c: number): Promise<number | null> {
  return page
    .getByTestId(testId)
    .evaluate(
      (el, [r, c]) => (el as unknown as { data: { z: (number | null)[][] }[] }).data[0]!.z[r!]![c!] ?? null,
      [r, c],
    );
}

/** Every cell of a comparison heatmap equals `want` (rows lat, columns lon, C order as xarray's values). */
async function cellsAre(page: Page, testId: string, want: readonly number[]): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-rendered', /\d+/);
  for (let r = 0; r < NY; r++)
    for (let c = 0; c < NX; c++)
      await expect
        .poll(() => cell(page, testId, r, c), { message: `${testId} cell ${r},${c}` })
        .toBeCloseTo(want[r * NX + c]!, 5);
}

async function openCompare(page: Page, urlB: string): Promise<void> {
  await openMore(page);
  await page.getByTestId('compare-with-button').click();
  await page.getByRole('textbox', { name: 'Dataset B URL' }).fill(urlB);
  await page.getByRole('button', { name: 'Open B' }).click();
  await expect(page.getByTestId('compare-b-variable')).toHaveValue('/tas');
}

test('A = the join at one day, B = the same join held at another by B’s own step: values and A − B as xarray’s, share link', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await openUrl(page, glob());
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await selectPath(page, '/tas');
  await page.getByTestId('index-time').fill(String(E.join_steps.a));
  await openCompare(page, glob());
  // B follows A (the same join: the same step) until it is held at its own.
  const linkText = page.getByTestId('compare-link-text');
  await expect(linkText).toContainText('time → time: ');
  const hold = page.getByTestId('compare-hold-time');
  await hold.focus();
  await page.keyboard.press('Space');
  await expect(hold).toBeChecked();
  const slider = page.getByTestId('compare-slider-time');
  await expect(slider).toHaveValue(String(E.join_steps.a));
  await slider.focus();
  for (let i = E.join_steps.a; i < E.join_steps.b; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue(String(E.join_steps.b));
  await expect(page.getByTestId('compare-index-time')).toHaveValue(String(E.join_steps.b));
  await expect(linkText).toContainText(`time → time: B's own step ${E.join_steps.b}`);
  // A's slider still holds A's step.
  await expect(page.getByTestId('slider-time')).toHaveValue(String(E.join_steps.a));
  await cellsAre(page, 'compare-a', E.join_steps.a_values);
  await cellsAre(page, 'compare-b', E.join_steps.b_values);
  await page.getByTestId('compare-mode-diff').click();
  await expect(page.getByRole('region', { name: 'Difference' })).toContainText('the grids match');
  await cellsAre(page, 'compare-diff', E.join_steps.a_minus_b);
  // A click opens both series: B's selected step there is B's own, not A's.
  const plotA = (await page.getByTestId('compare-a').locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.click(plotA.x + plotA.width / 2, plotA.y + plotA.height / 2);
  const series = page.getByTestId('compare-series');
  await expect(series).toHaveAttribute('data-state', 'done');
  await expect(series).toHaveAttribute('data-step-b', String(E.join_steps.b));
  await expect(series.getByTestId('compare-series-where')).toContainText(`time: B's own step ${E.join_steps.b}`);

  const link = page.url();
  expect(new URL(link).hash).toContain(`bstep=time%3A${E.join_steps.b}`);
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('compare-slider-time')).toHaveValue(String(E.join_steps.b));
  await expect(fresh.getByTestId('slider-time')).toHaveValue(String(E.join_steps.a));
  await cellsAre(fresh, 'compare-diff', E.join_steps.a_minus_b);
  await cellsAre(fresh, 'compare-a', E.join_steps.a_values);
});

test('a member file as A, the join’s glob as B: linked by time and by index, A − B as xarray’s, share link', async ({
  page,
  context,
}) => {
  const m = E.member;
  await page.goto('/');
  await openUrl(page, `${web.url}/fixtures/aggregate/daily/${m.name}`);
  await selectPath(page, '/tas');
  await page.getByTestId('index-time').fill(String(m.a_step));
  await openCompare(page, glob());
  // B's join grows as its members are read; A's time is found in it at xarray's index.
  await page.getByTestId('compare-mode-diff').click();
  await expect(page.getByTestId('compare-link-text')).toContainText('time → time: ');
  await expect(page.getByTestId('compare-link-text')).not.toContainText('none');
  await cellsAre(page, 'compare-a', m.a_values);
  await cellsAre(page, 'compare-diff', m.by_time.a_minus_b);
  await page.getByTestId('compare-mode-side').click();
  await cellsAre(page, 'compare-b', m.by_time.b_values);
  // By index: B's step is A's index, in the join's first member.
  await page.getByTestId('compare-link').selectOption('index');
  await expect(page.getByTestId('compare-link-text')).toHaveText(`time → time: index ${m.by_index.b_step}`);
  await cellsAre(page, 'compare-b', m.by_index.b_values);
  await page.getByTestId('compare-mode-diff').click();
  await cellsAre(page, 'compare-diff', m.by_index.a_minus_b);

  const link = page.url();
  const hash = new URL(link).hash;
  expect(hash).toContain(`burl=${encodeURIComponent(glob())}`);
  expect(hash).toContain('blink=index');
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('compare-link')).toHaveValue('index');
  await expect(fresh.getByTestId('compare-mode-diff')).toHaveAttribute('aria-pressed', 'true');
  await cellsAre(fresh, 'compare-diff', m.by_index.a_minus_b);
  await cellsAre(fresh, 'compare-a', m.a_values);
});
