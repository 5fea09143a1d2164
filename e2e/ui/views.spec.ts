import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectedValues, fixtureUrl, openUrl, selectPath } from './helpers';

const NAME = 'netcdf-c-4.9.3/nczarr-file/groups';

test('1-D variables draw a line plot with units; histogram stats equal the reference slice; PNG export', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/lat');
  await expect(page.getByTestId('line-plot')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('line-plot')).toContainText('degrees_north');

  await selectPath(page, '/temp');
  await page.getByTestId('index-time').fill('1');
  await page.getByTestId('view-histogram').click();
  const ref = expectedValues(NAME)['/temp']!;
  const [, ny, nx] = ref.shape as [number, number, number];
  const slice = ref.values.slice(ny * nx, 2 * ny * nx).map(Number);
  const valid = slice.filter((v) => v !== -999);
  await expect(page.getByTestId('stat-min')).toHaveText(String(Math.min(...valid)));
  await expect(page.getByTestId('stat-max')).toHaveText(String(Math.max(...valid)));
  await expect(page.getByTestId('stat-masked')).toHaveText(String(slice.length - valid.length));
  await expect(page.getByTestId('stat-count')).toHaveText(String(valid.length));

  await page.getByTestId('view-heatmap').click();
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  const bytes = readFileSync((await png.path())!);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.suggestedFilename()).toBe('temp.png');
});

test('endpoint secrets stay in memory unless remembered; never in the page URL', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('endpoints-button').click();
  const dialog = page.getByTestId('endpoints-dialog');
  await dialog.getByRole('button', { name: 'Add alias' }).click();
  await dialog.getByLabel('Alias name').fill('minio');
  await dialog.getByLabel('Endpoint URL').fill('http://127.0.0.1:9000');
  await dialog.getByLabel('Access key ID').last().fill('AKIDEXAMPLE');
  await dialog.getByLabel('Secret access key').last().fill('s3cr3t-value');
  await dialog.getByRole('button', { name: 'Save' }).click();
  let stored = await page.evaluate(() => localStorage.getItem('zarrview.endpoints') ?? '');
  expect(stored).toContain('minio');
  expect(stored).not.toContain('s3cr3t-value');
  expect(stored).not.toContain('AKIDEXAMPLE');

  await page.getByTestId('endpoints-button').click();
  await expect(dialog.getByLabel('Secret access key').last()).toHaveValue('s3cr3t-value');
  await dialog.getByLabel('Remember on this device').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  stored = await page.evaluate(() => localStorage.getItem('zarrview.endpoints') ?? '');
  expect(stored).toContain('s3cr3t-value');
  expect(page.url()).not.toContain('s3cr3t');
});

test('narrow screens stack the tree above the content', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  const tree = (await page.getByRole('tree').boundingBox())!;
  const display = (await page.getByTestId('display').boundingBox())!;
  expect(display.y).toBeGreaterThan(tree.y + tree.height - 1);
  const file = info.outputPath('narrow.png');
  await page.screenshot({ path: file, fullPage: true });
  await info.attach('narrow', { path: file, contentType: 'image/png' });
});

test('recently opened URLs are listed on the start screen after a reload', async ({ page }) => {
  await page.goto('/');
  const url = fixtureUrl(NAME);
  await openUrl(page, url);
  await page.goto('/');
  await page.reload();
  const recent = page.getByTestId('recent-list');
  await expect(recent).toContainText('groups.file');
  await recent.getByRole('button').first().click();
  await expect(page.getByRole('tree')).toBeVisible();
});

test('a fixed colour range goes into the link and the colour bar', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await page.getByTestId('range-auto').uncheck();
  await page.getByTestId('range-min').fill('250');
  await page.getByTestId('range-max').fill('300');
  await expect(page).toHaveURL(/range=250%2C300/);
  await expect(page.getByTestId('display').locator('.colorbar')).toContainText('300');
});

test('the request timeout is set in the Endpoints dialog, kept across reloads and cleared back to the default', async ({
  page,
}) => {
  await page.goto('/');
  const field = () => page.getByTestId('endpoints-dialog').getByLabel(/Request timeout/);
  await page.getByTestId('endpoints-button').click();
  await expect(field()).toHaveValue('');
  await field().fill('2.5');
  await page.getByTestId('endpoints-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('endpoints-dialog')).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('zarrview.requestTimeoutMs'))).toBe('2500');
  await page.reload();
  await page.getByTestId('endpoints-button').click();
  await expect(field()).toHaveValue('2.5');
  await field().fill('');
  await page.getByTestId('endpoints-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('endpoints-dialog')).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('zarrview.requestTimeoutMs'))).toBeNull();
});
