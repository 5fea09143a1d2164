/**
 * The picture first: at a laptop's 1366 × 768, a desktop's 1920 × 1080 and a phone's 390 × 844, selecting any
 * variable of the demos shows its plot whole inside the window, in every view it offers, without scrolling; the view
 * toolbar is one row; a click on a heatmap cell opens the series pane in view (read at once: it is small); the
 * sidebar is a separator the keyboard moves; the tree has the focus once a demo opens; the sliders have names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROOT, selectPath } from './helpers';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

/**
 * Every demo of the demos' index (public/demo/index.json) with its variables: the arrays of its store, listed from
 * the files themselves (each `.zarray`, or a v3 `zarr.json` of an array), not from the viewer.
 */
const DEMOS: { id: string; variables: StoreArray[] }[] = (
  JSON.parse(readFileSync(path.join(ROOT, 'public/demo/index.json'), 'utf8')) as { id: string; path: string }[]
).map((d) => ({ id: d.id, variables: storeArrays(path.join(ROOT, 'public', d.path)) }));

/** An array of a demo's store: its path and rank (the length of its metadata's shape). */
interface StoreArray {
  readonly path: string;
  readonly rank: number;
}

function storeArrays(root: string, at = ''): StoreArray[] {
  const out: StoreArray[] = [];
  const rank = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { shape: unknown[] }).shape.length;
  for (const e of readdirSync(path.join(root, at), { withFileTypes: true })) {
    const rel = at ? `${at}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...storeArrays(root, rel));
    else if (e.name === '.zarray') out.push({ path: `/${at}`, rank: rank(path.join(root, rel)) });
    else if (e.name === 'zarr.json' && at) {
      const meta = JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as { node_type?: string };
      if (meta.node_type === 'array') out.push({ path: `/${at}`, rank: rank(path.join(root, rel)) });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

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
        test.setTimeout(240_000);
        expect(demo.variables.length, `arrays found in ${demo.id}'s store`).toBeGreaterThan(0);
        await openDemo(page, demo.id);
        for (const { path: v, rank } of demo.variables) {
          await selectPath(page, v);
          await expect(page.getByTestId('display')).toBeVisible();
          // The line view of a 2-D or 3-D variable: one shown dimension (Y axis: none).
          for (const line of rank >= 2 ? [false, true] : [false]) {
            if (line) await page.getByTestId('y-dim').selectOption('');
            // An array of rank ≥ 1 is offered at least one view (polled: the toolbar follows the selection).
            if (rank >= 1) await expect.poll(async () => (await offeredViews(page)).length).toBeGreaterThan(0);
            for (const kind of await offeredViews(page)) {
              if (line && kind !== 'line') continue;
              await page.getByTestId(`view-${kind}`).click();
              // A scalar's matrix view is its one value.
              const plot = page.getByTestId(rank === 0 && kind === 'matrix' ? 'scalar-value' : PLOT[kind]!).first();
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
