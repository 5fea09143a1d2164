/**
 * The first five minutes: every demo of public/demo/index.json, opened from the start screen of `npm start`'s own
 * server (vite dev) and of `vite preview`, shows no problem and plots every numeric variable (the first data
 * variable among them). Both servers answer missing demo files with 404 (scripts/vite/missing-files-404.ts); the
 * readers also survive a fallback page (src/store/html.ts, unit-tested).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { APP_URL, DEV_PORT } from '../harness/ports';
import { ROOT, expectedValues } from '../ui/helpers';
import { expectNoProblems, expectPlots, startNpmStart, type DevServer } from './helpers';

interface Demo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly path: string;
}

const demos = JSON.parse(readFileSync(path.join(ROOT, 'public/demo/index.json'), 'utf8')) as Demo[];

/** The demo's numeric variables (paths and ranks) from what the reference reader found in it. */
function numericVariables(demo: Demo): { path: string; rank: number }[] {
  const arrays = expectedValues(`demo/${demo.id}`);
  return Object.entries(arrays)
    .filter(([, a]) => /^[<>|]?[iuf]\d$/.test(a.dtype) && a.shape.length >= 1)
    .map(([p, a]) => ({ path: p, rank: a.shape.length }));
}

async function openDemo(page: Page, base: string, demo: Demo): Promise<void> {
  await page.goto(base);
  const card = page.getByTestId(`demo-${demo.id}`);
  await expect(card).toContainText(demo.title);
  await expect(card).toContainText(demo.description);
  await card.click();
  await expectNoProblems(page);
}

test('the demo index lists at least the two bundled demos, each with a reference reading', () => {
  expect(demos.map((d) => d.id)).toEqual(expect.arrayContaining(['cf-demo', 'nczarr-groups']));
  for (const d of demos) expect(numericVariables(d).length, d.id).toBeGreaterThan(0);
});

test.describe('npm start (vite dev server)', () => {
  let server: DevServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startNpmStart(DEV_PORT);
  });
  test.afterAll(async () => server?.stop());

  test('missing demo files answer 404, not the app page', async () => {
    const missing = await fetch(`${server.url}${demos[0]!.path}/zarr.json`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${server.url}demo/index.json`)).status).toBe(200);
  });

  for (const demo of demos) {
    test(`${demo.id}: opens with no problem; every numeric variable plots`, async ({ page }) => {
      test.setTimeout(180_000);
      await openDemo(page, server.url, demo);
      for (const v of numericVariables(demo)) await expectPlots(page, v.path, v.rank);
      await expectNoProblems(page);
    });
  }
});

test.describe('vite preview', () => {
  test('missing demo files answer 404, not the app page', async () => {
    const missing = await fetch(`${APP_URL}/${demos[0]!.path}/zarr.json`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
  });

  for (const demo of demos) {
    test(`${demo.id}: opens with no problem; every numeric variable plots`, async ({ page }) => {
      test.setTimeout(120_000);
      await openDemo(page, APP_URL, demo);
      for (const v of numericVariables(demo)) await expectPlots(page, v.path, v.rank);
      await expectNoProblems(page);
    });
  }
});
