/**
 * "Compare with…" another version of the same Icechunk repository (fixtures/icechunk/spec2 over s3rver): A is opened
 * at a version (tag v1, a snapshot, main's tip) and B is chosen in the version picker (branch main, tag v1, branch
 * dev, whose temp is in degC and is converted to A's K). B's picture is drawn with the official library's values
 * (fixtures/icechunk/expected.json); the difference view's "Difference" summary (cells compared, masked in only
 * one, mean, RMSE, largest |A − B| and where) and its cells equal numpy's A − B of the same pair
 * (fixtures/compare/expected/snapshots.json, made by scripts/fixtures/make-compare-snapshots.py from the library's
 * values). The share link carries both
 * versions: a fresh page opened from it shows the same comparison.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, openMore } from './helpers';

interface Repository {
  branches: Record<string, string>;
  tags: Record<string, string>;
  commits: Record<string, string>;
  snapshots: Record<
    string,
    {
      message: string;
      arrays: Record<
        string,
        { zarrJson: { attributes: Record<string, unknown> }; values: { shape: number[]; values: unknown[] } }
      >;
    }
  >;
}

/** A pair of fixtures/compare/expected/snapshots.json: numpy's A − B of temp (every time both have). */
interface NumpyPair {
  name: string;
  a: { snapshot: string; units: string };
  b: { snapshot: string; units: string };
  shape: number[];
  difference: (number | null)[];
}

const SPEC2 = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/icechunk/expected.json'), 'utf8')) as {
    repositories: { spec2: Repository };
  }
).repositories.spec2;
const NUMPY_FILE = path.join(ROOT, 'fixtures/compare/expected/snapshots.json');
const NUMPY = (JSON.parse(readFileSync(NUMPY_FILE, 'utf8')) as { repositories: { spec2: { pairs: NumpyPair[] } } })
  .repositories.spec2.pairs;

/** spec2 over s3rver, path style (found as a repository because the folder holds no Zarr metadata). */
const REPO = `${S3_URL}/${BUCKET}/fixtures/icechunk/spec2#mode=s3`;
const TIP = SPEC2.branches.main!;
const V1 = SPEC2.tags.v1!;
const DEV = SPEC2.branches.dev!;
/** "Write temp for the first two times": the snapshot before v1, which wrote time 1's latitudes 0-2 0.5 K warmer. */
const C2 = SPEC2.commits.c2!;

/** The library's values of an array at a snapshot, flat in C order, NaN where it reads NaN. */
function library(snapshot: string, array: string): { shape: number[]; values: number[] } {
  const a = SPEC2.snapshots[snapshot]?.arrays[array]?.values;
  if (!a) throw new Error(`expected.json has no ${array} at snapshot ${snapshot}`);
  return { shape: a.shape, values: a.values.map((v) => (typeof v === 'number' ? v : NaN)) };
}

const units = (snapshot: string) => SPEC2.snapshots[snapshot]!.arrays['/temp']!.zarrJson.attributes.units;
const LAT = library(TIP, '/lat').values;
const LON = library(TIP, '/lon').values;
const NX = LON.length;
const CELLS = LAT.length * NX;

/** temp's (lat × lon) slice at a time index, as the library reads it. */
function tempSlice(snapshot: string, time: number): number[] {
  return library(snapshot, '/temp').values.slice(time * CELLS, (time + 1) * CELLS);
}

/**
 * A's and B's slices of temp at a time (the library's values) and A − B there (NaN where either is masked):
 * numpy's, from the pair of snapshots.json named `name`.
 */
function pairSlice(name: string, a: string, b: string, time: number): { a: number[]; b: number[]; d: number[] } {
  const sa = tempSlice(a, time);
  const sb = tempSlice(b, time);
  const p = NUMPY.find((x) => x.name === name);
  if (!p) throw new Error(`snapshots.json has no pair ${name}`);
  expect([p.a.snapshot, p.b.snapshot], `pair ${name}`).toEqual([a, b]);
  expect(p.shape.slice(1)).toEqual([LAT.length, NX]);
  const d = p.difference.slice(time * CELLS, (time + 1) * CELLS).map((v) => v ?? NaN);
  return { a: sa, b: sb, d };
}

/** A number as the summary writes it (6 significant digits). */
const fmt = (x: number) => (Number.isNaN(x) ? '—' : Number(x.toPrecision(6)).toString());

/** The "Difference" summary's lines for A − B `d` of the slices `a` and `b` (masked: NaN). */
function expectedSummary({ a, b, d }: { a: number[]; b: number[]; d: number[] }): string[] {
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  let maxAbs = -1;
  let at = -1;
  let onlyA = 0;
  let onlyB = 0;
  let both = 0;
  for (let i = 0; i < d.length; i++) {
    const ma = Number.isNaN(a[i]!);
    const mb = Number.isNaN(b[i]!);
    if (ma && mb) both++;
    else if (ma) onlyA++;
    else if (mb) onlyB++;
    expect(Number.isNaN(d[i]!), `A − B at ${i} is NaN where A or B is masked`).toBe(ma || mb);
    if (ma || mb) continue;
    count++;
    sum += d[i]!;
    sumSq += d[i]! * d[i]!;
    if (Math.abs(d[i]!) > maxAbs) [maxAbs, at] = [Math.abs(d[i]!), i];
  }
  expect(count, 'the compared slices share cells').toBeGreaterThan(0);
  return [
    `Mean A − B: ${fmt(sum / count)} K`,
    `RMSE: ${fmt(Math.sqrt(sumSq / count))} K`,
    `Largest |A − B|: ${fmt(maxAbs)} K at lat ${LAT[Math.floor(at / NX)]}, lon ${LON[at % NX]}`,
    `Cells compared: ${count}; masked only in A: ${onlyA}, only in B: ${onlyB}, in both: ${both}`,
  ];
}

/**
 * Every cell of a heatmap equals `want` (lat × lon, C order; NaN: masked, drawn as null) within 1e-9: the same
 * float32 values, or the same float64 arithmetic.
 */
async function expectCells(page: Page, testId: string, want: number[]): Promise<void> {
  const z = await page
    .getByTestId(testId)
    .evaluate((el) => (el as unknown as { data: { z: (number | null)[][] }[] }).data[0]!.z);
  expect(z.length * (z[0]?.length ?? 0), `${testId}: cells`).toBe(want.length);
  want.forEach((w, i) => {
    const [r, c] = [Math.floor(i / NX), i % NX];
    const got = z[r]![c] ?? null;
    if (Number.isNaN(w)) expect(got, `${testId} ${r},${c} masked`).toBeNull();
    else expect(Math.abs(got! - w), `${testId} ${r},${c}: ${got} vs ${w}`).toBeLessThan(1e-9);
  });
}

/** The summary's lines, once the "Difference" region is shown. */
async function summaryLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Difference' });
  await expect(region).toBeVisible();
  await expect(page.getByTestId('compare-regrid-label')).toHaveText('B on A’s grid as read (the grids match)');
  return region.locator('li').allInnerTexts();
}

/** Opens the repository at a version (`''`: main's tip), selects temp at a time index, opens the comparison panel. */
async function openA(page: Page, version: string, time: number): Promise<void> {
  await page.goto('/');
  await openUrl(page, version ? `${REPO}&${version}` : REPO);
  await selectPath(page, '/temp');
  if (time !== 0) await page.getByTestId('index-time').fill(String(time));
  await openMore(page);
  await page.getByTestId('compare-with-button').click();
}

/** Chooses B in the version picker by its option's label; waits for B's variable. */
async function pickVersion(page: Page, label: string): Promise<void> {
  const picker = page.getByTestId('compare-b-version');
  await expect(picker).toBeVisible();
  const value = await picker.locator('option').filter({ hasText: label }).first().getAttribute('value');
  expect(value, `the version picker offers ${label}`).toBeTruthy();
  await picker.selectOption(value!);
  await expect(page.getByTestId('compare-b-variable')).toHaveValue('/temp');
}

/** The share link's A and B locations and B's variable and view. */
function linkKeys(link: string): {
  url: string | null;
  burl: string | null;
  bvar: string | null;
  bview: string | null;
} {
  const p = new URLSearchParams(new URL(link).hash.slice(1));
  return { url: p.get('url'), burl: p.get('burl'), bvar: p.get('bvar'), bview: p.get('bview') };
}

/** Opens the page's share link in a fresh page: the same summary, difference cells and versions. */
async function roundTrip(page: Page, want: string[], d: number[], current: string): Promise<Page> {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('history-current')).toContainText(current);
  await expect(fresh.getByTestId('compare-b-variable')).toHaveValue('/temp');
  expect(await summaryLines(fresh)).toEqual(want);
  await expect(fresh.getByTestId('compare-diff')).toHaveAttribute('data-rendered', /\d+/);
  await expectCells(fresh, 'compare-diff', d);
  return fresh;
}

test('tag v1 against main’s tip: B drawn, the difference summary, the share link keeps both versions', async ({
  page,
}) => {
  const pair = pairSlice('v1 - main', V1, TIP, 0);
  // main's tip deleted temp chunk 0/1/0 (time 0, lat row 3): masked in B only; the rest is v1's.
  expect(pair.b.slice(3 * NX).every(Number.isNaN)).toBe(true);
  expect(pair.a.some(Number.isNaN)).toBe(false);

  await openA(page, 'tag=v1', 0);
  await expect(page.getByTestId('history-current')).toContainText('showing tag v1');
  await pickVersion(page, 'branch main');
  await expect(page.getByTestId('compare-link-text')).toHaveText('time → time: 2000-01-01 00:00:00');
  await expect(page.getByTestId('compare-units')).toHaveCount(0);
  // B's picture: main's tip, without the deleted row.
  await expect(page.getByTestId('compare-b')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-a')).toHaveAttribute('data-rendered', /\d+/);
  await expectCells(page, 'compare-b', pair.b);
  await expectCells(page, 'compare-a', pair.a);

  await page.getByTestId('compare-mode-diff').click();
  const want = expectedSummary(pair);
  expect(want).toEqual([
    'Mean A − B: 0 K',
    'RMSE: 0 K',
    'Largest |A − B|: 0 K at lat -45, lon 0',
    'Cells compared: 24; masked only in A: 0, only in B: 8, in both: 0',
  ]);
  expect(await summaryLines(page)).toEqual(want);
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-rendered', /\d+/);
  await expectCells(page, 'compare-diff', pair.d);

  expect(linkKeys(page.url())).toEqual({
    url: `${REPO}&tag=v1`,
    burl: `${REPO}&branch=main`,
    bvar: '/temp',
    bview: 'diff',
  });
  await (await roundTrip(page, want, pair.d, 'showing tag v1')).close();
});

test('a snapshot against tag v1: the correction of temp at time 1 is the difference; the link keeps the tag', async ({
  page,
}) => {
  expect(SPEC2.snapshots[C2]!.message).toBe('Write temp for the first two times');
  const pair = pairSlice('c2 - v1', C2, V1, 1);
  await openA(page, `snapshot=${C2}`, 1);
  await expect(page.getByTestId('history-current')).toContainText(`showing snapshot ${C2}`);
  await pickVersion(page, 'tag v1');
  await expect(page.getByTestId('compare-link-text')).toHaveText('time → time: 2000-02-01 00:00:00');
  await expect(page.getByTestId('compare-b')).toHaveAttribute('data-rendered', /\d+/);
  await expectCells(page, 'compare-b', pair.b);

  await page.getByTestId('compare-mode-diff').click();
  const want = expectedSummary(pair);
  // v1 made latitudes 0-2 (24 of the 32 cells) 0.5 K warmer.
  expect(want).toEqual([
    'Mean A − B: -0.375 K',
    'RMSE: 0.433013 K',
    'Largest |A − B|: 0.5 K at lat -45, lon 0',
    'Cells compared: 32; masked only in A: 0, only in B: 0, in both: 0',
  ]);
  expect(await summaryLines(page)).toEqual(want);
  await expectCells(page, 'compare-diff', pair.d);

  expect(linkKeys(page.url())).toEqual({
    url: `${REPO}&snapshot=${C2}`,
    burl: `${REPO}&tag=v1`,
    bvar: '/temp',
    bview: 'diff',
  });
  await (await roundTrip(page, want, pair.d, `showing snapshot ${C2}`)).close();
});

test('dev’s tip against main’s: its temp in degC is converted to A’s K; the link keeps the branch', async ({
  page,
}) => {
  expect([units(TIP), units(DEV)]).toEqual(['K', 'degC']);
  const toK = (x: number) => x + 273.15;
  const pair = pairSlice('main - dev', TIP, DEV, 0);

  await openA(page, '', 0);
  await expect(page.getByTestId('history-current')).toContainText(TIP);
  await pickVersion(page, 'branch dev');
  await expect(page.getByTestId('compare-units')).toHaveText('B converted: degC → K: x + 273.15');
  await expect(page.getByTestId('compare-problem')).toHaveCount(0);
  await expect(page.getByTestId('compare-b')).toHaveAttribute('data-rendered', /\d+/);
  // B is drawn in A's units: the library's degC values + 273.15.
  await expectCells(page, 'compare-b', pair.b.map(toK));

  await page.getByTestId('compare-mode-diff').click();
  const want = expectedSummary(pair);
  expect(want[3]).toBe('Cells compared: 24; masked only in A: 8, only in B: 0, in both: 0');
  // dev's temp is v1's written in degC as float32: what converting back leaves is float32 rounding (< 1e-6 K).
  expect(want[2]).toMatch(/^Largest \|A − B\|: \d(\.\d+)?e-7 K at lat -45, lon 0$/);
  expect(await summaryLines(page)).toEqual(want);
  await expectCells(page, 'compare-diff', pair.d);

  expect(linkKeys(page.url())).toEqual({ url: REPO, burl: `${REPO}&branch=dev`, bvar: '/temp', bview: 'diff' });
  const fresh = await roundTrip(page, want, pair.d, `branch main`);
  await expect(fresh.getByTestId('compare-units')).toHaveText('B converted: degC → K: x + 273.15');
  await fresh.close();
});
