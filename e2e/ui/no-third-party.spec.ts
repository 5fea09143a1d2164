/**
 * Nothing leaves the page unasked. Over a session — both demos, a heatmap, a line plot, a map, a time series from a
 * click on the map, and a dataset on another host — every request of the page and its workers goes to the page's
 * own host or to the host of the dataset opened. No plot offers to upload itself ("Share chart", Chart Studio, the
 * "Produced with Plotly" link), and the mode bar keeps only the buttons the plots use, out of the Tab order.
 */
import { expect, test, type Page } from '@playwright/test';
import { APP_URL, STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from './helpers';
import { framePoint } from './map-helpers';

/** What a plot's mode bar may hold (app/plot/plotly-config.ts): plotly's titles of those buttons. */
const BUTTONS = ['Zoom', 'Pan', 'Zoom in', 'Zoom out', 'Reset axes'];

async function expectModeBar(page: Page, testId: string): Promise<void> {
  const plot = page.getByTestId(testId);
  await expect(plot).toHaveAttribute('data-rendered', /\d+/);
  const buttons = plot.locator('.modebar-btn');
  await expect(buttons.first()).toBeAttached();
  const seen = await buttons.evaluateAll((els) =>
    els.map((e) => ({ title: e.getAttribute('data-title'), tabindex: e.getAttribute('tabindex') })),
  );
  expect(seen.map((b) => b.title)).toEqual(BUTTONS);
  expect(seen.every((b) => b.tabindex === '-1')).toBe(true);
  for (const cloud of [
    'Share chart',
    'Share chart...',
    'Edit in Chart Studio',
    'Produced with Plotly',
    'Download plot as a PNG',
  ])
    await expect(page.locator(`[data-title="${cloud}"]`)).toHaveCount(0);
  await expect(page.locator('a[href*="plotly.com"], a[href*="plot.ly"], .modebar-btn--logo')).toHaveCount(0);
}

test('every request goes to the page or the dataset opened; no plot offers an upload', async ({ page }) => {
  test.setTimeout(180_000);
  const requests: string[] = [];
  page.context().on('request', (r) => requests.push(r.url()));

  await page.goto('/');
  await page.getByTestId('demo-cf-demo').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/air');
  await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
  await expectModeBar(page, 'heatmap');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  await expectModeBar(page, 'map-plot');
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const at = await framePoint(page, w / 2, h / 2);
  await page.mouse.click(at.x, at.y);
  const series = page.getByRole('region', { name: /^Time series at / });
  await expect(series).toBeVisible();
  // A small series is read at once; a bigger one waits for the Read button.
  const read = series.getByTestId('series-read');
  await expect(series.getByTestId('series-plot').or(read)).toBeVisible();
  if (await read.isVisible()) await read.click();
  await expectModeBar(page, 'series-plot');
  await selectPath(page, '/lat');
  await page.getByRole('button', { name: 'Line', exact: true }).click();
  await expectModeBar(page, 'line-plot');

  await page.goto('/');
  await page.getByTestId('demo-nczarr-groups').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/observations/air_temperature');
  await expect(page.locator('[data-testid="line-plot"], [data-testid="heatmap"]').first()).toHaveAttribute(
    'data-rendered',
    /\d+/,
  );

  await openUrl(page, `${STATIC_URL}/fixtures/netcdf3/classic/example_good.nc`);

  const allowed = new Set([new URL(APP_URL).host, new URL(STATIC_URL).host]);
  const elsewhere = requests.filter((u) => {
    const url = new URL(u);
    if (url.protocol === 'data:' || url.protocol === 'blob:') return false;
    return !allowed.has(url.host);
  });
  expect(requests.length).toBeGreaterThan(20);
  // The file's open starts after Enter; the previous dataset's tree is still on screen meanwhile.
  await expect.poll(() => requests.some((u) => u.startsWith(STATIC_URL))).toBe(true);
  expect(elsewhere).toEqual([]);
});
