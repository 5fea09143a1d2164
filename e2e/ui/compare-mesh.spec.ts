/**
 * Compare with a B on a grid of cells in the viewer: meshes-latlon.nc's S (A, a 9-degree lat/lon grid) against the
 * ICON-like mesh and a HEALPix field as B. The difference view's label names the method (nearest: the containing
 * cell; area-weighted by sampling with its k × k), and A − B on every one of A's cells equals the script's
 * (fixtures/compare/expected/meshes.json, scripts/fixtures/make-compare-meshes.py: shapely's containing cell,
 * healpy's pixel), except the cells it names ambiguous (a point within 1e-4° of a B cell's edge). B is drawn on
 * its own map, side by side and on the map. A mesh A (ICON-like) against B mesh (MPAS): the difference drawn on A's
 * map, both sides on their own maps (its values are checked by app/compare/compare-cells.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT } from './helpers';

interface Case {
  readonly name: string;
  readonly a: [string, string, string];
  readonly b: [string, string, string];
  readonly shape: [number, number];
  readonly difference: (number | null)[];
  readonly ambiguous: number[];
  readonly samples?: number;
}

const { cases } = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/compare/expected/meshes.json'), 'utf8')) as {
  cases: Case[];
};
const url = ([dir, name]: [string, string, string]) => `${STATIC_URL}/fixtures/${dir}/${name}`;
const enc = encodeURIComponent;
const link = (c: Case, extra: string) =>
  `/#url=${enc(url(c.a))}&var=${enc(c.a[2])}&burl=${enc(url(c.b))}&bvar=${enc(c.b[2])}${extra}`;

/** Every value of a heatmap, row by row (null: masked). */
function heatmapValues(page: Page, testId: string): Promise<(number | null)[][]> {
  return page
    .getByTestId(testId)
    .evaluate((el) => (el as unknown as { data: { z: (number | null)[][] }[] }).data[0]!.z);
}

const byName = (name: string) => cases.find((c) => c.name === name)!;

for (const [name, bdiff] of [
  ['grid-icon', 'nearest'],
  ['grid-icon-sampled', 'area'],
  ['grid-healpix', null],
  ['grid-healpix-sampled', 'area'],
] as const)
  test(`compare ${name}: A − B on A's grid, as shapely's and healpy's`, async ({ page }) => {
    const c = byName(name);
    await page.goto(link(c, `&bview=diff${bdiff ? `&bdiff=${bdiff}` : ''}`));
    const region = page.getByRole('region', { name: 'Difference' });
    await expect(region).toContainText(
      c.samples
        ? `area-weighted by sampling, ${c.samples}×${c.samples} points per cell`
        : "nearest: containing cell of B's",
    );
    await expect(page.getByTestId('compare-method')).toHaveValue(c.samples ? 'area' : 'nearest');
    const diff = page.getByTestId('compare-diff');
    await expect(diff).toHaveAttribute('data-rendered', /\d+/);
    const z = await heatmapValues(page, 'compare-diff');
    const [ny, nx] = c.shape;
    expect([z.length, z[0]?.length]).toEqual([ny, nx]);
    const skip = new Set(c.ambiguous);
    const bad: string[] = [];
    let compared = 0;
    for (let r = 0; r < ny; r++)
      for (let k = 0; k < nx; k++) {
        if (skip.has(r * nx + k)) continue;
        const w = c.difference[r * nx + k] ?? null;
        const got = z[r]![k] ?? null;
        if (w !== null) compared++;
        const ok = w === null ? got === null : got !== null && Math.abs(got - w) <= 1e-4 * Math.max(1, Math.abs(w));
        if (!ok) bad.push(`${r},${k}: ${got} vs ${w}`);
      }
    expect(bad).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(700);
  });

test('the Regridding menu names both methods; choosing one updates the difference', async ({ page }) => {
  const c = byName('grid-icon');
  await page.goto(link(c, '&bview=diff'));
  const menu = page.getByTestId('compare-method');
  await expect(menu.locator('option')).toHaveText(['nearest (containing cell)', 'area-weighted by sampling']);
  const region = page.getByRole('region', { name: 'Difference' });
  await expect(region).toContainText('nearest: containing cell');
  await menu.selectOption('area');
  await expect(region).toContainText(`area-weighted by sampling, ${byName('grid-icon-sampled').samples}×`);
});

test('B on a mesh is drawn on its own map, side by side and on the map', async ({ page }) => {
  const c = byName('grid-icon');
  await page.goto(link(c, ''));
  await expect(page.getByTestId('compare-a')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-map-b')).toHaveAttribute('data-rendered', /\d+/);
  await page.goto(link(c, '&bview=map'));
  await expect(page.getByTestId('compare-map-a')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-map-b')).toHaveAttribute('data-rendered', /\d+/);
});

test('a mesh A against B mesh: the difference on A’s cells, drawn on A’s map', async ({ page }) => {
  const c = byName('icon-mpas');
  await page.goto(link(c, '&bview=diff'));
  await expect(page.getByRole('region', { name: 'Difference' })).toContainText(
    "B regridded onto A's grid (nearest: containing cell of B's MPAS mesh)",
  );
  await expect(page.getByTestId('compare-diff-map')).toHaveAttribute('data-rendered', /\d+/);
  await page.getByTestId('compare-mode-side').click();
  await expect(page.getByTestId('compare-map-a')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-map-b')).toHaveAttribute('data-rendered', /\d+/);
});
