/**
 * Compare across grid mappings in the viewer: a lat/lon A against the lambert-conformal-2sp fixture as B, and the
 * other way round. The difference view is shown, its label names the regridding and the mapping it goes through,
 * and A − B on every one of A's cells equals scipy's nearest neighbour over pyproj's cell positions
 * (fixtures/compare/expected/mappings.json, scripts/fixtures/make-compare-mappings.py).
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
}

const { cases } = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/compare/expected/mappings.json'), 'utf8')) as {
  cases: Case[];
};
const url = ([dir, name]: [string, string, string]) => `${STATIC_URL}/fixtures/${dir}/${name}`;

/** Every value of a heatmap, row by row (null: masked). */
function heatmapValues(page: Page, testId: string): Promise<(number | null)[][]> {
  return page
    .getByTestId(testId)
    .evaluate((el) => (el as unknown as { data: { z: (number | null)[][] }[] }).data[0]!.z);
}

for (const c of cases.filter((x) => !x.name.startsWith('polar')))
  test(`compare ${c.name}: the difference regridded through the mapping, as scipy's`, async ({ page }) => {
    const enc = encodeURIComponent;
    await page.goto(`/#url=${enc(url(c.a))}&var=${enc(c.a[2])}&burl=${enc(url(c.b))}&bvar=${enc(c.b[2])}&bview=diff`);
    const region = page.getByRole('region', { name: 'Difference' });
    await expect(region).toContainText(
      "B regridded onto A's grid (nearest neighbour, through " +
        (c.b[1].startsWith('lambert') ? "B's lambert_conformal_conic)" : "A's lambert_conformal_conic)"),
    );
    const diff = page.getByTestId('compare-diff');
    await expect(diff).toHaveAttribute('data-rendered', /\d+/);
    const z = await heatmapValues(page, 'compare-diff');
    const [ny, nx] = c.shape;
    expect([z.length, z[0]?.length]).toEqual([ny, nx]);
    const bad: string[] = [];
    let compared = 0;
    for (let r = 0; r < ny; r++)
      for (let k = 0; k < nx; k++) {
        const w = c.difference[r * nx + k] ?? null;
        const got = z[r]![k] ?? null;
        if (w !== null) compared++;
        const ok = w === null ? got === null : got !== null && Math.abs(got - w) <= 1e-4 * Math.max(1, Math.abs(w));
        if (!ok) bad.push(`${r},${k}: ${got} vs ${w}`);
      }
    expect(bad).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(100);
  });

test('on the map: a lat/lon A and a projected B side by side, B placed by its mapping', async ({ page }) => {
  const [c] = cases;
  const enc = encodeURIComponent;
  await page.goto(`/#url=${enc(url(c!.a))}&var=${enc(c!.a[2])}&burl=${enc(url(c!.b))}&bvar=${enc(c!.b[2])}&bview=map`);
  await expect(page.getByTestId('compare-map-a')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('compare-map-b')).toHaveAttribute('data-rendered', /\d+/);
});
