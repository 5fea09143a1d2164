/**
 * The screenshots of docs/screens/ (`npm run screens`): the main screens at a laptop's 1366 × 768, a desktop's
 * 1920 × 1080 and a phone's 390 × 844 — the start screen, the reanalysis-like demo's heatmap, a time series from a
 * click on it, the Map, the CDL tab and a failed open. Runs only with ZARRVIEW_SCREENS=1 (not part of `npm test`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, selectPath, showMetadata } from './helpers';

const OUT = path.join(ROOT, 'docs/screens');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

test.skip(process.env.ZARRVIEW_SCREENS !== '1', 'screenshots only with ZARRVIEW_SCREENS=1 (npm run screens)');

async function shot(page: Page, name: string): Promise<void> {
  const vp = page.viewportSize()!;
  // Let plotly's transitions and a smooth scroll end.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}-${vp.width}x${vp.height}.png`), animations: 'disabled' });
}

for (const size of SIZES) {
  test(`main screens at ${size.width} × ${size.height}`, async ({ page }) => {
    test.setTimeout(180_000);
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

    await page.goto('/');
    await expect(page.getByTestId('demo-t2m-2023')).toBeVisible();
    await shot(page, 'start');

    await page.getByTestId('demo-t2m-2023').click();
    await expect(page.getByRole('tree')).toBeVisible();
    await selectPath(page, '/t2m');
    const heatmap = page.getByTestId('heatmap');
    await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);
    await page.getByTestId('index-time').fill('40');
    await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);
    await expect(page.getByTestId('coord-time')).toHaveText(/^2023-07/);
    await shot(page, 'heatmap');

    const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
    const series = page.getByRole('region', { name: /^Time series at / });
    // A costly series (the whole year at one point reads every time chunk) waits for Read.
    const read = series.getByTestId('series-read');
    await expect(series.getByTestId('series-plot').or(read)).toBeVisible();
    if (await read.isVisible()) await read.click();
    await expect(series.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    await series.getByTestId('series-plot').scrollIntoViewIfNeeded();
    await shot(page, 'series');

    await page.getByTestId('view-map').click();
    await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-rendered', /\d+/);
    await page.getByTestId('map-plot').scrollIntoViewIfNeeded();
    await shot(page, 'map');

    await showMetadata(page);
    await page.getByRole('tab', { name: 'CDL' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('t2m');
    await shot(page, 'cdl');

    const field = page.getByRole('textbox', { name: 'Dataset URL' });
    await field.fill(`${STATIC_URL}/fixtures/no-such-dataset.zarr`);
    await field.press('Enter');
    await expect(page.getByTestId('error-message')).toBeVisible({ timeout: 45_000 });
    await shot(page, 'error');
  });
}
