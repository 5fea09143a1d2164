/**
 * Axes a scientist can put on a slide: a time axis of hours, days, years or centuries (standard calendar, and a
 * noleap century drawn by index) gets tick labels whose boxes never overlap one another nor the axis title, at a
 * laptop's and a phone's width; the y axis says the long name and units. Fixtures: fixtures/plot/time-spans.zarr
 * (xarray, scripts/fixtures/make-plot.py).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';

const URL = `${STATIC_URL}/fixtures/plot/time-spans.zarr#mode=zarr`;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly text: string;
}

async function boxes(loc: Locator): Promise<Box[]> {
  return loc.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height, text: e.textContent ?? '' };
    }),
  );
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The x tick labels of the line plot once drawn, checked against each other and the x axis title. */
async function checkTicks(page: Page, what: string): Promise<void> {
  const plot = page.getByTestId('line-plot');
  await expect(plot.locator('.xtick text').first()).toBeVisible();
  const ticks = (await boxes(plot.locator('.xtick text'))).filter((b) => b.w > 0 && b.text !== '');
  expect(ticks.length, `${what}: ticks`).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < ticks.length; i++)
    for (let j = i + 1; j < ticks.length; j++)
      expect(overlap(ticks[i]!, ticks[j]!), `${what}: "${ticks[i]!.text}" and "${ticks[j]!.text}" overlap`).toBe(false);
  const [title] = await boxes(plot.locator('.g-xtitle text'));
  expect(title, `${what}: x axis title`).toBeDefined();
  for (const t of ticks) expect(overlap(t, title!), `${what}: "${t.text}" runs into the title`).toBe(false);
  const [ytitle] = await boxes(plot.locator('.g-ytitle text'));
  expect(ytitle?.text).toBe('Near-surface air temperature [K]');
}

const SPANS: { path: string; first: RegExp }[] = [
  { path: '/hours', first: /^\d\d:\d\d/ }, // time of day, with the day under it
  { path: '/days', first: /^[A-Z][a-z]{2}( \d+)?/ },
  { path: '/years', first: /^(\d{4}|[A-Z][a-z]{2})/ },
  { path: '/centuries', first: /^\d{4}$/ },
  { path: '/day360', first: /^\d{4}-02-30/ },
];

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`time axes of every span have ticks that do not overlap at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await openUrl(page, URL);
    for (const { path, first } of SPANS) {
      await selectPath(page, path);
      // The plot of this variable (the one before has the same titles): its first tick is of this span.
      await expect(page.getByTestId('line-plot').locator('.xtick text').first()).toHaveText(first);
      await checkTicks(page, `${path} at ${viewport.width} px`);
    }
  });
}
