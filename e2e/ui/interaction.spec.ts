import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { expectedValues, fixtureUrl, openUrl, privateFixture, selectPath, showMetadata } from './helpers';

const NAME = 'netcdf-c-4.9.3/nczarr-file/groups';

async function control(p: string, body: unknown): Promise<void> {
  await fetch(`${STATIC_URL}/__control/${p}?scope=interaction`, { method: 'POST', body: JSON.stringify(body) });
}

test('play advances along a dimension and pause stops it', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await page.getByTestId('play-time').click();
  await expect(page.getByTestId('index-time')).not.toHaveValue('0', { timeout: 30_000 });
  await page.getByTestId('play-time').click();
  await expect(page.getByTestId('play-time')).toHaveText('Play');
  const v = await page.getByTestId('index-time').inputValue();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('index-time')).toHaveValue(v);
});

test('keyboard only: open, walk the tree, select, switch tabs', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zarrview home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toBeFocused();
  await page.keyboard.type(fixtureUrl(NAME));
  await page.keyboard.press('Enter');
  const tree = page.getByRole('tree');
  await expect(tree).toBeVisible();
  await tree.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('t'); // type-ahead: time
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('[role=treeitem][data-path="/temp"]')).toHaveAttribute('aria-selected', 'true');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Storage' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('storage')).toContainText('Chunk shape');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('cdl-text')).toContainText('netcdf groups {');
});

test('Cancel during a slow load leaves the previous view', async ({ page }) => {
  // This spec's own copy of a fixture, so the stalled chunk requests cannot disturb tests running alongside.
  const name = 'transforms/keys-lower/groups';
  const own = privateFixture(name, 'interaction');
  const first = String(expectedValues(name)['/temp']!.values[0]);
  await page.goto('/');
  await openUrl(page, own.url);
  await selectPath(page, '/temp');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', first);
  // Chunks of record 2 never arrive (headers, then nothing) until Cancel.
  await control('config', { latencyMs: 0, faults: [{ kind: 'stall', match: `${own.match}temp/2.` }] });
  try {
    await page.getByTestId('index-time').fill('2');
    await expect(page.getByTestId('progress')).toBeVisible();
    await page.getByTestId('cancel').click();
    await expect(page.getByTestId('progress')).toHaveCount(0);
    await expect(page.getByTestId('index-time')).toHaveValue('0');
    await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', first);
  } finally {
    await control('reset', {});
  }
});

test('the tree filter finds variables by their long_name, standard_name or units too', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl('xarray/cf-packed'));
  const filter = page.getByTestId('tree-filter');
  await filter.fill('temperature'); // `air` (long_name "air temperature"), `sst` (standard_name sea_surface_temperature)
  const rows = page.getByRole('treeitem');
  await expect(page.locator('[role=treeitem][data-path="/air"]')).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/sst"]')).toBeVisible();
  await expect(rows).toHaveCount(3); // with the root
  await filter.fill('no such words');
  await expect(rows).toHaveCount(0);
});
