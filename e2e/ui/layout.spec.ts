/**
 * The picture first: at a laptop's 1366 × 768, a desktop's 1920 × 1080 and a phone's 390 × 844, selecting any
 * variable of the demos shows its plot whole inside the window, in every view it offers, without scrolling; the view
 * toolbar is one row; a click on a heatmap cell opens the series pane in view (read at once: it is small); the
 * sidebar is a separator the keyboard moves; the tree has the focus once a demo opens; the sliders have names.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { selectPath } from './helpers';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

/** Each demo's variables (the demos' index: public/demo/index.json). */
const DEMOS: { id: string; variables: string[] }[] = [
  { id: 'cf-demo', variables: ['/air', '/lat', '/lon', '/time'] },
  {
    id: 'nczarr-groups',
    variables: [
      '/lat',
      '/lon',
      '/time',
      '/station_name',
      '/observations/air_temperature',
      '/observations/wind_speed',
      '/observations/quality/air_temperature_qc',
    ],
  },
];

/** The element each view draws in (the plot, or the matrix's table). */
const PLOT: Record<string, string> = {
  heatmap: 'heatmap',
  map: 'map-plot',
  line: 'line-plot',
  matrix: 'matrix',
  histogram: 'histogram',
};

async function openDemo(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId(`demo-${id}`).click();
  await expect(page.getByRole('tree')).toBeVisible();
}

/** Fails unless `el`'s bounding box lies inside the window (1 px of rounding allowed). */
async function expectInViewport(page: Page, el: Locator, what: string): Promise<void> {
  const vp = page.viewportSize()!;
  const box = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  });
  const inside = box.top >= -1 && box.left >= -1 && box.bottom <= vp.height + 1 && box.right <= vp.width + 1;
  expect(inside, `${what}: box ${JSON.stringify(box)} in a ${vp.width} × ${vp.height} window`).toBe(true);
}

/** The view buttons the toolbar enables for what is shown. */
async function offeredViews(page: Page): Promise<string[]> {
  const buttons = page.getByTestId('view-toolbar').locator('[data-testid^="view-"]:not([disabled])');
  const ids = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
  return ids.filter((k) => k in PLOT);
}

for (const size of SIZES) {
  test.describe(`${size.width} × ${size.height}`, () => {
    test.use({ viewport: size });
    for (const demo of DEMOS)
      test(`every variable of ${demo.id} shows its plot inside the window, in each view`, async ({ page }) => {
        test.setTimeout(180_000);
        await openDemo(page, demo.id);
        for (const v of demo.variables) {
          await selectPath(page, v);
          // The line view of a 2-D or 3-D variable: one shown dimension (Y axis: none).
          const rank = await page.getByTestId('dim-mapper').getAttribute('data-rank');
          for (const line of rank !== null && Number(rank) >= 2 ? [false, true] : [false]) {
            if (line) await page.getByTestId('y-dim').selectOption('');
            for (const kind of await offeredViews(page)) {
              if (line && kind !== 'line') continue;
              await page.getByTestId(`view-${kind}`).click();
              const plot = page.getByTestId(PLOT[kind]!).first();
              await expect(plot).toBeVisible();
              if (kind !== 'matrix') await expect(plot).toHaveAttribute('data-rendered', /\d+/);
              await expectInViewport(page, plot, `${demo.id} ${v} ${kind}`);
            }
          }
        }
      });

    test('a click on a heatmap cell opens the series pane in view, read at once', async ({ page }) => {
      await openDemo(page, 'cf-demo');
      await selectPath(page, '/air');
      const plot = page.getByTestId('heatmap');
      await expect(plot).toHaveAttribute('data-rendered', /\d+/);
      const box = (await plot.locator('.nsewdrag').first().boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const region = page.getByRole('region', { name: /^Time series at / });
      await expect(region).toHaveAttribute('data-state', 'done');
      await expect(region.getByTestId('series-read')).toHaveCount(0);
      await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
      // Scrolled into view once it appears (allow the smooth scroll to end).
      await expect(async () => expectInViewport(page, region.getByTestId('series-plot'), 'series plot')).toPass({
        timeout: 5000,
      });
    });
  });
}

test.describe('1366 × 768 toolbar, sidebar, focus and names', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the view toolbar is one row', async ({ page }) => {
    await openDemo(page, 'cf-demo');
    await selectPath(page, '/air');
    await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
    // Each item's vertical centre (controls of different heights are centred on one line).
    const tops = await page
      .getByTestId('view-toolbar')
      .locator(':scope > *')
      .evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map((e) => {
            const r = e.getBoundingClientRect();
            return (r.top + r.bottom) / 2;
          }),
      );
    expect(tops.length).toBeGreaterThan(3);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  });

  test('the tree has the focus once a demo opens; the sidebar is a separator the keyboard moves', async ({ page }) => {
    await openDemo(page, 'cf-demo');
    await expect(page.getByRole('tree')).toBeFocused();
    const sep = page.getByRole('separator', { name: 'Resize the sidebar' });
    const before = Number(await sep.getAttribute('aria-valuenow'));
    const width = () => page.getByRole('navigation', { name: 'Dataset' }).evaluate((e) => e.clientWidth);
    const w0 = await width();
    await sep.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(sep).toHaveAttribute('aria-valuenow', String(before + 32));
    expect(await width()).toBeGreaterThan(w0 + 20);
    // Remembered.
    // The page's link reopens the dataset.
    await page.reload();
    await expect(page.getByRole('tree')).toBeVisible();
    await expect(page.getByRole('separator', { name: 'Resize the sidebar' })).toHaveAttribute(
      'aria-valuenow',
      String(before + 32),
    );
  });

  test('the time slider has an accessible name; the metadata panel opens and stays open', async ({ page }) => {
    await openDemo(page, 'cf-demo');
    await selectPath(page, '/air');
    await expect(page.getByRole('slider', { name: /time/ })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Metadata', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByTestId('overview')).toBeVisible();
    await expect(page.getByTestId('overview')).toContainText('air_temperature');
    await page.reload();
    await expect(page.getByRole('tree')).toBeVisible();
    await selectPath(page, '/air');
    await expect(page.getByTestId('overview')).toBeVisible();
  });
});
