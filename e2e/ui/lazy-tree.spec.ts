/**
 * The lazy hierarchy on a 1,000-variable NCZarr group written by netcdf-c 4.9.3 (fixtures/lazy/, see
 * scripts/fixtures/make-many.sh): the tree shows after a handful of metadata requests (the static server's request
 * log), a variable far down is found by the filter and plotted with ncdump's values, a share link selecting it
 * works in a fresh page, Compare A − B reads unread siblings on request (and its choice is shared), and the CDL tab reads and lists every variable as ncdump -h does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, openUrl, showMetadata } from './helpers';

const STORE = '/fixtures/lazy/many.file';
const URL = `${STATIC_URL}${STORE}#mode=nczarr`;

interface LogEntry {
  time: number;
  path: string;
}

async function storeRequests(since: number): Promise<LogEntry[]> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as LogEntry[];
  return log.filter((e) => e.path.startsWith(`${STORE}/`) && e.time >= since);
}

/** ncdump -v v0987's values (netcdf-c 4.9.3). */
function expectedValues(): number[] {
  const text = readFileSync(path.join(ROOT, 'fixtures/lazy/many.v0987.cdl'), 'utf8');
  const body = text.slice(text.indexOf('v0987 =') + 'v0987 ='.length, text.lastIndexOf(';'));
  return body.split(',').map((s) => Number(s.trim()));
}

/** The time (ms since the epoch, the server's clock too) when the first variable row appeared. */
async function recordTreeShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __treeShown?: number };
    new MutationObserver((_, obs) => {
      if (document.querySelector('[role=treeitem][data-path="/v0000"]')) {
        w.__treeShown = Date.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** The heatmap is drawn (unless the view is already the matrix), and the matrix shows ncdump's values. */
async function expectPlotted(page: Page, heatmap: boolean): Promise<void> {
  if (heatmap) {
    await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
    await page.getByTestId('view-matrix').click();
  }
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  const want = expectedValues();
  expect(want).toHaveLength(20);
  for (const [r, c] of [
    [0, 0],
    [1, 3],
    [3, 4],
  ] as const)
    expect(Number(await cellValue(page, r, c))).toBe(want[r * 5 + c]);
}

test('the tree of 1,000 variables shows after a few requests; one far down is found, plotted and shared', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await recordTreeShown(page);
  await page.goto('/');
  const start = Date.now();
  await openUrl(page, URL);
  await expect(page.locator('[role=treeitem][data-path="/v0000"]')).toBeVisible();
  const shown = await page.evaluate(() => (window as unknown as { __treeShown: number }).__treeShown);
  const beforeTree = (await storeRequests(start)).filter((e) => e.time <= shown);
  // Probing and the root group only (zarr.json, .zmetadata, .zgroup, .zattrs, …), not 2,000 array documents.
  expect(beforeTree.length, beforeTree.map((e) => e.path).join('\n')).toBeLessThanOrEqual(8);
  expect(beforeTree.some((e) => /\/v\d{4}\//.test(e.path))).toBe(false);
  // The rows on screen are read (their badges show); the rest are not.
  await expect(page.locator('[role=treeitem][data-path="/v0000"] .badge').first()).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/v0000"]')).not.toHaveAttribute('data-pending', 'true');
  const afterRows = await storeRequests(start);
  expect(afterRows.length).toBeLessThan(200);

  await page.getByTestId('tree-filter').fill('v0987');
  const row = page.locator('[role=treeitem][data-path="/v0987"]');
  await expect(row).toBeVisible();
  await row.click();
  await expectPlotted(page, true);
  expect((await storeRequests(start)).length).toBeLessThan(220);

  // A share link selecting the variable (and the matrix view) opens it in a fresh page, its row scrolled to.
  await expect(page).toHaveURL(/var=/);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(shared.locator('[role=treeitem][data-path="/v0987"]')).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expectPlotted(shared, false);

  // Compare A − B offers siblings not read yet once asked to read them; the comparison goes into the share link
  // and a fresh page reads that sibling to restore it.
  const compare = shared.getByTestId('compare');
  await expect(compare.locator('option[value="/v0400"]')).toHaveCount(0);
  await shared.getByTestId('compare-read-more').click();
  await expect(compare.locator('option[value="/v0400"]')).toHaveCount(1, { timeout: 30_000 });
  await compare.selectOption('/v0400');
  await expect(shared).toHaveURL(/cmp=%2Fv0400/);
  const compared = await context.newPage();
  await compared.goto(shared.url());
  await expect(compared.getByTestId('compare')).toHaveValue('/v0400', { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('the CDL tab reads every variable and lists them as ncdump -h does', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, URL);
  await showMetadata(page);
  await page.getByRole('tab', { name: 'CDL' }).click();
  const cdl = page.getByTestId('cdl-text');
  await expect(cdl).toBeVisible({ timeout: 60_000 });
  const declarations = (text: string) => text.split('\n').filter((l) => /^\s*float v\d{4}\(y, x\) ;$/.test(l));
  const want = declarations(readFileSync(path.join(ROOT, 'fixtures/lazy/many.h.cdl'), 'utf8')).map((l) => l.trim());
  expect(want).toHaveLength(1000);
  expect(declarations(await cdl.innerText()).map((l) => l.trim())).toEqual(want);
  await expect(page.locator('[role=treeitem][data-pending=true]')).toHaveCount(0);
});
