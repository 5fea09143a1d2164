/**
 * The Map's chrome as the page shows it (the ordinary Map and the tiled one): a colour bar with its title and at
 * least three ticks, meridians labelled east and west, parallels north and south.
 */
import { expect, type Locator } from '@playwright/test';

const texts = (figure: Locator, sel: string) =>
  figure.locator(sel).evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** Checks the colour bar of `figure` (a map's) has `title` and three ticks or more. */
export async function checkColourBar(figure: Locator, title: string | RegExp): Promise<void> {
  const bar = figure.getByTestId('colorbar');
  await expect(bar).toBeVisible();
  await expect(bar.locator('.raster-colorbar-title')).toHaveText(title);
  const ticks = await bar.locator('.raster-colorbar-ticks span').allTextContents();
  expect(ticks.length).toBeGreaterThanOrEqual(3);
}

/** Checks a global map's graticule labels: 0°, degrees east and west, north and south. */
export async function checkGlobalGraticule(figure: Locator): Promise<void> {
  await expect.poll(() => texts(figure, '.axis-tick-x')).toContain('0°');
  const lon = await texts(figure, '.axis-tick-x');
  expect(lon.some((t) => /^\d+°E$/.test(t)) && lon.some((t) => /^\d+°W$/.test(t)), lon.join(' ')).toBe(true);
  const lat = await texts(figure, '.axis-tick-y');
  expect(lat.some((t) => /°N$/.test(t)) && lat.some((t) => /°S$/.test(t)), lat.join(' ')).toBe(true);
}

/** The texts of the graticule labels `sel` (`.axis-tick-x`, `.axis-tick-y`) of `figure`. */
export { texts as labelTexts };
