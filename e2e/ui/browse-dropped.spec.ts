/**
 * A folder holding several datasets, picked (`webkitdirectory`) or dropped (Chromium's own drag-and-drop), is a
 * listing like a server folder's: two stores (Zarr, NCZarr: fixtures/listing/stores) and two netCDF-4 files of
 * fixtures/listing's GOES-like hour, each listed with its kind, each opening from the dropped files with the names
 * its own metadata (`.zmetadata`, ncdump -h) gives, Back listing again. The listing says it has no link; a reload
 * forgets the drop and says so; an entry that cannot be read says why while the others open. The join fixtures
 * (fixtures/aggregate, scripts/fixtures/make-aggregate.py) picked as a folder: a day's netCDF files and the monthly
 * Zarr stores ticked and opened as one dataset, whose joined axis and values equal xarray's open_mfdataset
 * (expected.json); the same sets in a zip (written by Info-ZIP's `zip` at test time) listed and joined alike. The
 * mixed set ticked whole: its members on another grid or unreadable named in the join panel, with why.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { cellValue, ROOT, selectPath, showMetadata } from './helpers';

const LISTING = path.join(ROOT, 'fixtures/listing');
const HOUR = path.join(LISTING, 'goes/ABI-L2-CMIPF/2024/001/00');
const NC = readdirSync(HOUR).sort().slice(0, 2);

/** A temporary folder `name` with the two stores and two netCDF files side by side (plus `extra` files). */
function mixedFolder(name: string, extra: Record<string, string> = {}): { dir: string; folder: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-dropped-'));
  const folder = path.join(dir, name);
  cpSync(path.join(LISTING, 'stores'), folder, { recursive: true });
  for (const n of NC) cpSync(path.join(HOUR, n), path.join(folder, n));
  for (const [p, text] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(folder, p)), { recursive: true });
    writeFileSync(path.join(folder, p), text);
  }
  return { dir, folder };
}

/** The arrays at a consolidated Zarr v2 store's root, from its `.zmetadata`. */
function zarrRootArrays(store: string): string[] {
  const meta = JSON.parse(readFileSync(path.join(store, '.zmetadata'), 'utf8')) as { metadata: object };
  return Object.keys(meta.metadata)
    .filter((k) => /^[^/]+\/\.zarray$/.test(k))
    .map((k) => k.split('/')[0]!);
}

/** The variables of a netCDF file, as `ncdump -h` prints them. */
function ncdumpVariables(file: string): string[] {
  const cdl = execFileSync('ncdump', ['-h', file], { encoding: 'utf8' });
  const body = cdl.slice(cdl.indexOf('variables:'), cdl.indexOf('// global attributes:'));
  return [...body.matchAll(/^\t\S+ ([^\s(]+)(?:\(| ;)/gm)].map((m) => m[1]!);
}

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('browse-row').filter({ has: page.getByRole('button', { name, exact: true }) });

async function expectTreeHas(page: Page, names: readonly string[]): Promise<void> {
  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) await expect(page.locator(`[role=treeitem][data-path="/${n}"]`)).toBeVisible();
}

async function dropPaths(page: Page, files: string[]): Promise<void> {
  const box = await page.getByTestId('drop-zone').boundingBox();
  if (!box) throw new Error('drop zone not visible');
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
    await cdp.send('Input.dispatchDragEvent', { type, x: box.x + box.width / 2, y: box.y + box.height / 2, data });
  await cdp.detach();
}

test('a picked folder of two stores and two netCDF files is listed; each opens, Back lists again', async ({ page }) => {
  const { dir, folder } = mixedFolder('two-of-each');
  try {
    await page.goto('/');
    await page.getByTestId('folder-input').setInputFiles(folder);
    await expect(page.getByTestId('browse')).toBeVisible();
    await expect(page.getByTestId('browse-here')).toHaveText('two-of-each');
    await expect(page.getByTestId('browse-row')).toHaveCount(4);
    const kinds = JSON.parse(readFileSync(path.join(LISTING, 'expected.json'), 'utf8'))['stores/'] as [string][];
    await expect(rowNamed(page, 'cf-packed.zarr')).toHaveAttribute('data-kind', kinds[0]![0]);
    await expect(rowNamed(page, 'groups.file')).toHaveAttribute('data-kind', kinds[1]![0]);
    // The name says netCDF, the first bytes HDF5: netCDF-4.
    for (const n of NC) await expect(rowNamed(page, n)).toHaveAttribute('data-kind', 'netcdf4');
    await expect(page.getByTestId('browse-no-link')).toBeVisible();
    await expect(page.getByTestId('browse-copy-link')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');

    await rowNamed(page, 'cf-packed.zarr').getByRole('button').click();
    await expectTreeHas(page, zarrRootArrays(path.join(folder, 'cf-packed.zarr')));
    await expect(page.locator('.dataset-name')).toHaveText('cf-packed');
    await page.goBack();
    await expect(page.getByTestId('browse-row')).toHaveCount(4);

    await rowNamed(page, NC[1]!).getByRole('button').click();
    await expectTreeHas(page, ncdumpVariables(path.join(folder, NC[1]!)));
    await page.goBack();
    await expect(page.getByTestId('browse-row')).toHaveCount(4);
    await rowNamed(page, 'groups.file').getByRole('button').click();
    await expect(page.locator('[role=treeitem][data-path="/forecast"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('problems')).toHaveCount(0);

    // A reload forgets the dropped files: Back to the listing says so, and nothing breaks.
    await page.reload();
    await page.goBack();
    await expect(page.getByTestId('browse-refused')).toContainText(/dropped folder.*drop the folder again/);
    await expect(page.getByTestId('browse')).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a dropped folder with entries that cannot be read lists them with why; the others open', async ({ page }) => {
  const { dir, folder } = mixedFolder('with-broken', {
    'broken.zarr/.zgroup': '{ "zarr_format": 2',
    'notes.nc': 'plain text, not netCDF',
  });
  try {
    await page.goto('/');
    await dropPaths(page, [folder]);
    await expect(page.getByTestId('browse-row')).toHaveCount(6, { timeout: 30_000 });
    await expect(rowNamed(page, 'broken.zarr').getByTestId('browse-entry-error')).toContainText(/\.zgroup is not JSON/);
    await expect(rowNamed(page, 'notes.nc').getByTestId('browse-entry-error')).toContainText(/not one/);
    await rowNamed(page, 'notes.nc').getByRole('button').click();
    await expect(page.getByTestId('browse')).toBeVisible();
    await rowNamed(page, NC[0]!).getByRole('button').click();
    await expectTreeHas(page, ncdumpVariables(path.join(folder, NC[0]!)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a dropped folder that is one store still opens directly', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('folder-input').setInputFiles(path.join(LISTING, 'stores/cf-packed.zarr'));
  await expectTreeHas(page, zarrRootArrays(path.join(LISTING, 'stores/cf-packed.zarr')));
  await expect(page.getByTestId('browse')).toHaveCount(0);
});

test('the join fixtures picked as a folder: ticked files and stores open as one dataset equal to xarray’s join; Back lists again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const e = AGGREGATE_EXPECTED.daily!;
  const steps = e.dims.time!.size;
  const [ny, nx] = [e.dims.lat!.size, e.dims.lon!.size];
  const tas = e.values.tas!;
  await page.goto('/');
  await page.getByTestId('folder-input').setInputFiles(AGGREGATE_DIR);
  await expect(page.getByTestId('browse-here')).toHaveText('aggregate');
  await rowNamed(page, 'daily/').getByRole('button').click();
  await expect(page.getByTestId('browse-row')).toHaveCount(e.members.length);
  await expect(page.getByTestId('browse-local-note')).toHaveCount(0);
  // Two ticked by their boxes, then every file the listing shows.
  const picks = page.getByTestId('browse-pick');
  await picks.nth(0).click();
  await picks.nth(1).click();
  await expect(page.getByTestId('browse-picked')).toHaveText('2 selected');
  await page.getByTestId('browse-select-all').click();
  await expect(page.getByTestId('browse-picked')).toHaveText(`${e.members.length} selected`);
  await page.getByTestId('browse-open-joined').click();

  // The joined header: the unlimited time grown to every member's steps.
  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
  for (const v of Object.keys(e.variables))
    await expect(page.locator(`[role=treeitem][data-path="/${v}"]`)).toBeVisible();
  await showMetadata(page);
  await page.getByRole('tab', { name: 'CDL' }).click();
  await expect(page.getByTestId('cdl-text')).toContainText(`time = UNLIMITED ; // (${steps} currently)`);

  // The slider spans the joined axis; values across member boundaries (4 steps each) equal xarray's.
  await selectPath(page, '/tas');
  const slider = page.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible();
  await slider.focus();
  for (const t of [0, 3, 4, 5]) {
    while (Number(await slider.inputValue()) < t) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue(String(t));
    for (const [y, x] of [
      [0, 0],
      [1, 2],
      [ny - 1, nx - 1],
    ] as const)
      await expect.poll(async () => Number(await cellValue(page, y, x))).toBe(tas[(t * ny + y) * nx + x]);
  }
  await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);

  // Back: the day's listing again; up to the top and the monthly Zarr stores joined the same way.
  await page.goBack();
  await expect(page.getByTestId('browse-here')).toHaveText('daily');
  await expect(page.getByTestId('browse-row')).toHaveCount(e.members.length);
  await page.getByRole('button', { name: 'aggregate', exact: true }).click();
  const m = AGGREGATE_EXPECTED.monthly!;
  await rowNamed(page, 'monthly/').getByRole('button').click();
  await expect(page.getByTestId('browse-row')).toHaveCount(m.members.length);
  await page.getByTestId('browse-select-all').click();
  await page.getByTestId('browse-open-joined').click();
  await selectPath(page, '/pr');
  await expect(page.getByTestId('slider-time')).toHaveAttribute('max', String(m.dims.time!.size - 1));
  await page.getByTestId('view-matrix').click();
  await expect.poll(async () => Number(await cellValue(page, 0, 0))).toBe(m.values.pr![0]);
});

test('the mixed join set picked as a folder: the members on another grid or unreadable are named with why, the others joined', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const e = AGGREGATE_EXPECTED.mixed!;
  const all = readdirSync(path.join(AGGREGATE_DIR, 'mixed')).filter((n) => n.endsWith('.nc'));
  expect(all).toContain('offgrid.nc');
  await page.goto('/');
  await page.getByTestId('folder-input').setInputFiles(AGGREGATE_DIR);
  await expect(page.getByTestId('browse-here')).toHaveText('aggregate');
  await rowNamed(page, 'mixed/').getByRole('button').click();
  await expect(page.getByTestId('browse-row')).toHaveCount(all.length);
  await page.getByTestId('browse-select-all').click();
  await expect(page.getByTestId('browse-picked')).toHaveText(`${all.length} selected`);
  await page.getByTestId('browse-open-joined').click();

  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
  const panel = page.getByTestId('join-panel');
  await expect(panel.getByTestId('join-summary')).toHaveText(
    `${e.members.length} of ${all.length} files joined along ${e.join.dimension}`,
  );
  const left = panel.getByTestId('join-left-out-member');
  await expect(left).toHaveCount(e.left_out.length);
  for (const name of e.left_out) await expect(left.and(page.locator(`[data-member="${name}"]`))).toHaveCount(1);
  await expect(page.locator('[data-testid=join-left-out-member][data-member="offgrid.nc"]')).toContainText(
    'another grid',
  );
  await expect(panel.getByTestId('join-dimension')).toBeVisible();
  // The others joined: the slider spans xarray's joined axis.
  await selectPath(page, '/sst');
  await expect(page.getByTestId(`slider-${e.join.dimension}`)).toHaveAttribute(
    'max',
    String(e.dims[e.join.dimension]!.size - 1),
  );
});

test('a zip holding several datasets is listed as a folder; its files open as one dataset; Back lists again', async ({
  page,
}) => {
  const e = AGGREGATE_EXPECTED.daily!;
  const [ny, nx] = [e.dims.lat!.size, e.dims.lon!.size];
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-dropped-zip-'));
  const zip = path.join(dir, 'sets.zip');
  try {
    execFileSync('zip', ['-q', '-r', zip, 'daily', 'monthly'], { cwd: AGGREGATE_DIR });
    await page.goto('/');
    await page.getByTestId('zip-input').setInputFiles(zip);
    await expect(page.getByTestId('browse-here')).toHaveText('sets.zip');
    await expect(page.getByTestId('browse-row')).toHaveCount(2);
    await rowNamed(page, 'daily/').getByRole('button').click();
    await expect(page.getByTestId('browse-row')).toHaveCount(e.members.length);
    await rowNamed(page, e.members[0]!).getByRole('button').click();
    await expect(page.locator('.dataset-name')).toHaveText(e.members[0]!.replace(/\.nc$/, ''));
    await page.goBack();
    await expect(page.getByTestId('browse-row')).toHaveCount(e.members.length);
    await page.getByTestId('browse-select-all').click();
    await page.getByTestId('browse-open-joined').click();
    await selectPath(page, '/tas');
    const slider = page.getByTestId('slider-time');
    await expect(slider).toHaveAttribute('max', String(e.dims.time!.size - 1));
    await page.getByTestId('view-matrix').click();
    await slider.focus();
    for (let t = 0; t < 5; t++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('5');
    await expect.poll(async () => Number(await cellValue(page, 1, 2))).toBe(e.values.tas![(5 * ny + 1) * nx + 2]);
    await page.goBack();
    await expect(page.getByTestId('browse-here')).toHaveText('daily');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
