/**
 * netCDF-4 user-defined types in the viewer (files netcdf-c's ncgen wrote, fixtures/netcdf4-usertypes/, at a plain
 * HTTP URL): a compound variable's numeric members plotted through the Field selector, its text members tabled, an
 * enum by member names, a vlen and an opaque as text tables with the plots disabled, the field in share links. The
 * expected values are those ncdump main printed for the same files (`<name>.full.cdl`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, openUrl, selectPath, showMetadata } from './helpers';

const DIR = 'fixtures/netcdf4-usertypes';

/** The data of `name = … ;` in ncdump's full output of a fixture. */
function ncdumpData(file: string, name: string): string {
  const cdl = readFileSync(path.join(ROOT, DIR, `${file}.full.cdl`), 'utf8');
  const m = new RegExp(`\\n ${name} =\\s([^;]*);`).exec(cdl);
  if (!m?.[1]) throw new Error(`${file}.full.cdl has no data of ${name}`);
  return m[1].replace(/\s+/g, ' ').trim();
}

/** A flat compound's records as ncdump prints them (`{1, 2.5}, _, …`): numbers per record, null for `_`. */
function ncdumpRecords(file: string, name: string): (number[] | null)[] {
  return [...ncdumpData(file, name).matchAll(/\{([^{}]*)\}|_/g)].map((m) =>
    m[1] === undefined ? null : m[1].split(',').map(Number),
  );
}

async function open(page: Page, file: string, variable: string): Promise<void> {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/${DIR}/${file}.nc`, 30_000);
  await selectPath(page, variable);
}

/** The y values plotly was given by the line plot. */
async function lineValues(plot: Locator): Promise<(number | null)[]> {
  await expect(plot).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  return plot.evaluate((el) => (el as unknown as { data: { y: (number | null)[] }[] }).data[0]!.y);
}

test('a compound variable: a numeric field plotted, tabled and counted; the field in the share link', async ({
  page,
  browser,
}) => {
  const records = ncdumpRecords('ref_tst_comp', 'obs');
  const member = (k: number) => records.map((r) => (r ? r[k]! : null));
  await open(page, 'ref_tst_comp', '/obs');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('user-type-heading')).toHaveText('compound obs_t');
  await expect(page.getByTestId('user-type')).toContainText('relhum: float');

  const field = page.getByTestId('field-select');
  await expect(field).toHaveValue('day');
  const plot = page.getByTestId('line-plot');
  expect(await lineValues(plot)).toEqual(member(0));

  await field.selectOption('relhum');
  await expect.poll(() => lineValues(plot)).toEqual(member(3));
  await expect(page).toHaveURL(/[#&]field=relhum(&|$)/);

  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  expect(Number(await cellValue(page, 0, 0))).toBe(member(3)[0]);
  await expect(page.getByTestId('cell-1-0')).toHaveText('—');
  expect(Number(await cellValue(page, 2, 0))).toBe(member(3)[2]);

  await page.getByTestId('view-histogram').click();
  await expect(page.getByTestId('stat-count')).toHaveText(String(member(3).filter((v) => v !== null).length));
  await expect(page.getByTestId('stat-max')).toHaveText(String(Math.max(...member(3).filter((v) => v !== null))));

  // A share link restores the field (and the view).
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('field-select')).toHaveValue('relhum', { timeout: 30_000 });
  await expect(fresh.getByTestId('stat-count')).toHaveText('2', { timeout: 30_000 });
  await fresh.getByTestId('view-line').click();
  expect(await lineValues(fresh.getByTestId('line-plot'))).toEqual(member(3));
  await fresh.close();
});

test('a compound with nested, enum, string and char-array members', async ({ page }) => {
  await open(page, 'usertypes-mix', '/r');
  const field = page.getByTestId('field-select');
  await expect(field).toHaveValue('lev');
  // ncdump: r = {"alpha", low, …}, {"beta\ttab", high, …}, {"gamma \"q\"", very high, …}
  const levels = [...ncdumpData('usertypes-mix', 'r').matchAll(/\{"(?:[^"\\]|\\.)*", ([a-z ]+),/g)].map((m) => m[1]);
  expect(levels).toEqual(['low', 'high', 'very high']);
  const plot = page.getByTestId('line-plot');
  await expect(plot).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  const hover = await plot.evaluate((el) => (el as unknown as { data: { text: string[] }[] }).data[0]!.text);
  expect(hover).toEqual(levels);
  const ticks = await plot.evaluate(
    (el) => (el as unknown as { layout: { yaxis: { ticktext: string[] } } }).layout.yaxis.ticktext,
  );
  expect(ticks).toEqual(['low', 'mid', 'high', 'very high']);

  await field.selectOption('name');
  await expect(page.getByTestId('view-line')).toBeDisabled();
  await expect(page.getByTestId('view-line')).toHaveAttribute('title', /name is not numeric/);
  await expect(page.getByTestId('cell-0-0')).toHaveText('alpha', { timeout: 30_000 });
  await expect(page.getByTestId('cell-2-0')).toHaveText('gamma "q"');
  await field.selectOption('');
  await expect(page.getByTestId('cell-0-0')).toHaveText('{"alpha", low, {1, 2}, {"aaa", "bbb"}}');
});

test('an enum variable: the matrix shows member names, the integers in the titles', async ({ page }) => {
  await open(page, 'ref_tst_enum_data', '/primary_cloud');
  await expect(page.locator('[role=treeitem][data-path="/primary_cloud"] .badge').first()).toHaveText('enum');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('user-type-heading')).toHaveText('enum cloud_class_t: ubyte');
  await expect(page.getByTestId('user-type')).toContainText('Missing = 255');
  await page.getByTestId('view-matrix').click();
  // ncdump: primary_cloud = Clear, Stratus, Clear, Cumulonimbus, _ ;
  const names = ncdumpData('ref_tst_enum_data', 'primary_cloud').split(', ');
  const values: Record<string, string> = { Clear: '0', Cumulonimbus: '1', Stratus: '2' };
  for (let r = 0; r < 4; r++) {
    const cell = page.getByTestId(`cell-${r}-0`);
    await expect(cell).toHaveText(names[r]!, { timeout: 30_000 });
    await expect(cell).toHaveAttribute('title', values[names[r]!]!);
  }
  await expect(page.getByTestId('cell-4-0')).toHaveText('—');
});

test('a vlen variable: a table of its lists, the plots disabled', async ({ page }) => {
  await open(page, 'ref_tst_vlen_data', '/ragged_array');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('user-type-heading')).toHaveText('vlen float');
  await expect(page.getByTestId('view-matrix')).toHaveAttribute('aria-pressed', 'true');
  for (const kind of ['line', 'histogram']) {
    await expect(page.getByTestId(`view-${kind}`)).toBeDisabled();
    await expect(page.getByTestId(`view-${kind}`)).toHaveAttribute('title', /vlen values are lists/);
  }
  await expect(page.getByTestId('export-npy')).toBeDisabled();
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  // ncdump: ragged_array = {10, 11, 12, 13, 14}, {20, 21, 22, 23}, {30, 31, 32}, {40, 41}, _ ;
  const lists = [...ncdumpData('ref_tst_vlen_data', 'ragged_array').matchAll(/\{([^{}]*)\}|_/g)].map((m) => m[1]);
  for (let r = 0; r < lists.length; r++) {
    const cell = page.getByTestId(`cell-${r}-0`);
    if (lists[r] === undefined) await expect(cell).toHaveText('—');
    else {
      await expect(cell).toHaveText(lists[r]!, { timeout: 30_000 });
      await expect(cell).toHaveAttribute('title', lists[r]!);
    }
  }
});

test('an opaque variable: hex in a table', async ({ page }) => {
  await open(page, 'ref_tst_opaque_data', '/raw_obs');
  await expect(page.getByTestId('view-histogram')).toBeDisabled();
  const hex = ncdumpData('ref_tst_opaque_data', 'raw_obs').split(', ');
  for (let r = 0; r < hex.length; r++)
    await expect(page.getByTestId(`cell-${r}-0`)).toHaveText(hex[r] === '_' ? '—' : hex[r]!, { timeout: 30_000 });
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('user-type-heading')).toHaveText('opaque(11)');
});

/** The z rows plotly was given by the heatmap trace. */
async function heatmapTrace(
  plot: Locator,
): Promise<{ z: (number | null)[][]; ticktext?: string[]; names?: string[][] }> {
  await expect(plot).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  return plot.evaluate((el) => {
    const t = (el as unknown as { data: Record<string, any>[] }).data[0]!; // eslint-disable-line @typescript-eslint/no-explicit-any -- plotly's trace
    return { z: t.z, ticktext: t.colorbar?.ticktext, names: t.customdata };
  });
}

const rows = <T>(flat: readonly T[], n: number): T[][] =>
  Array.from({ length: flat.length / n }, (_, r) => flat.slice(r * n, r * n + n));

test('2-D: a compound member and an enum as heatmaps, a vlen table with long lists cut', async ({ page }) => {
  // ncdump: wind = {1, -1, {1, 2}, "a"}, …, _, … ; (u, v, q(2), site)
  const wind = [
    ...ncdumpData('usertypes-grid', 'wind').matchAll(/\{([-\d.]+), ([-\d.]+), \{(-?\d+), (-?\d+)\}, "[^"]*"\}|_/g),
  ];
  const member = (k: number) => wind.map((m) => (m[k] === undefined ? null : Number(m[k])));
  await open(page, 'usertypes-grid', '/wind');
  await expect(page.getByTestId('field-select')).toHaveValue('u');
  const plot = page.getByTestId('heatmap');
  expect((await heatmapTrace(plot)).z).toEqual(rows(member(1), 4));
  await page.getByTestId('field-select').selectOption('q[1]');
  await expect.poll(async () => (await heatmapTrace(plot)).z).toEqual(rows(member(4), 4));

  // ncdump: surface = water, ice, land, snow, rock, … ; surface_t {water = 0, ice = 1, land = 2, snow = 3, rock = 9}
  await selectPath(page, '/surface');
  const names = ncdumpData('usertypes-grid', 'surface').split(', ');
  const trace = await heatmapTrace(page.getByTestId('heatmap'));
  expect(trace.names).toEqual(rows(names, 4));
  expect(trace.ticktext).toEqual(['water', 'ice', 'land', 'snow', 'rock']);

  // ncdump: counts = {1}, {1, 2}, {}, …, {1, 2, 3, …, 30} ;
  await selectPath(page, '/counts');
  const lists = [...ncdumpData('usertypes-grid', 'counts').matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  await expect(page.getByTestId('view-heatmap')).toBeDisabled();
  await expect(page.getByTestId('cell-0-1')).toHaveText(lists[1]!, { timeout: 30_000 });
  const last = page.getByTestId('cell-2-3');
  await expect(last).toHaveAttribute('title', lists[11]!);
  const text = (await last.textContent()) ?? '';
  expect(text.endsWith('…')).toBe(true);
  expect(lists[11]!.startsWith(text.slice(0, -1))).toBe(true);
});
