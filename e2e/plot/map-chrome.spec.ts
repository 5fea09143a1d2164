/**
 * The Map's chrome: a colour bar with round ticks and the long name and units, a graticule labelled on the axes
 * (degrees east/west, north/south), a regional grid opened zoomed to its cells. Fixtures: the demo's global field
 * and fixtures/plot/regional.zarr (xarray, scripts/fixtures/make-plot.py).
 */
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { checkColourBar, checkGlobalGraticule, labelTexts } from './map-checks';

async function showMap(page: Page, url: string, path: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await openUrl(page, url);
  await selectPath(page, path);
  await page.getByTestId('view-map').click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-rendered', /\d/);
}

const texts = (page: Page, sel: string) => labelTexts(page.getByTestId('map'), sel);

test('a global map: colour bar with ticks and units, meridians and parallels labelled', async ({ page }) => {
  await showMap(page, `${STATIC_URL}/fixtures/plot/time-spans.zarr#mode=zarr`, '/field');
  await checkColourBar(page.getByTestId('map'), 'Near-surface air temperature [K]');
  await checkGlobalGraticule(page.getByTestId('map'));
  await expect(page.getByTestId('map')).not.toHaveAttribute('data-extent', /./);
});

test('a regional grid opens zoomed to its cells, labelled in its own degrees', async ({ page }) => {
  await showMap(page, `${STATIC_URL}/fixtures/plot/regional.zarr#mode=zarr`, '/tas');
  await expect(page.getByTestId('map')).toHaveAttribute('data-extent', /./);
  await expect(page.getByTestId('map')).toHaveAttribute('data-zoomed', 'true');
  await expect(page.getByTestId('map-zoom')).toHaveAttribute('data-rendered', /\d/);
  await expect.poll(() => texts(page, '.axis-tick-y')).toContain('50°N');
  const lat = (await texts(page, '.axis-tick-y')).map((t) => Number.parseFloat(t));
  // The grid spans 35–70 °N: the labels are within a few degrees of it, not those of the whole globe.
  expect(Math.min(...lat)).toBeGreaterThanOrEqual(30);
  expect(Math.max(...lat)).toBeLessThanOrEqual(75);
  const lon = await texts(page, '.axis-tick-x');
  expect(lon.length).toBeGreaterThanOrEqual(3);
});
