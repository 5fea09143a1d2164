import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectedValues, fixtureUrl, openUrl, selectPath } from './helpers';

const NAME = 'netcdf-c-4.9.3/nczarr-file/groups';

test('a share link restores dataset, variable, indices and view options in a fresh page', async ({ page, browser }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await page.getByTestId('index-time').fill('1');
  await page.getByTestId('colormap').selectOption('magma');
  await page.getByTestId('invert').check();
  await page.getByTestId('scale').selectOption('symlog');
  await expect(page).toHaveURL(/cmap=magma/);
  const link = page.url();
  expect(link).toContain('var=%2Ftemp');
  expect(decodeURIComponent(link)).toContain('#mode=nczarr');

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh.locator('[role=treeitem][data-path="/temp"]')).toHaveAttribute('aria-selected', 'true');
  await expect(fresh.getByTestId('index-time')).toHaveValue('1');
  await expect(fresh.getByTestId('colormap')).toHaveValue('magma');
  await expect(fresh.getByTestId('invert')).toBeChecked();
  await expect(fresh.getByTestId('scale')).toHaveValue('symlog');
  await expect(fresh.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await fresh.close();
});

test('editing the link in the address bar moves the view without reopening the dataset', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  // The link names the variable, then (once its view is set up) the indices.
  await expect(page).toHaveURL(/var=%2Ftemp.*time(%3A|:)0/);
  const opened: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/.zgroup') || r.url().endsWith('/.zattrs')) opened.push(r.url());
  });
  const next = page.url().replace(/time%3A0|time:0/, 'time%3A2');
  expect(next).not.toBe(page.url());
  await page.evaluate((u) => {
    window.location.href = u;
  }, next);
  await expect(page.getByTestId('index-time')).toHaveValue('2');
  expect(opened).toEqual([]);
});

test('a hostile share link gives a message and the app stays usable', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/#url=javascript:alert(1)&var=/x');
  await expect(page.getByRole('alert').first()).toContainText('http(s)');
  await page.goto('/#url=https://a:b@evil.example/x');
  await page.reload();
  await expect(page.getByRole('alert').first()).toContainText('credentials');
  await openUrl(page, fixtureUrl(NAME));
  expect(errors).toEqual([]);
});

test('CSV and NPY exports equal the slice', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, fixtureUrl(NAME));
  await selectPath(page, '/temp');
  await page.getByTestId('index-time').fill('2');
  await page.getByTestId('view-matrix').click();
  const ref = expectedValues(NAME)['/temp']!;
  const [, ny, nx] = ref.shape as [number, number, number];
  const want = ref.values.slice(2 * ny * nx, 3 * ny * nx).map(Number);
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(want[0]));

  const [csvDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = readFileSync((await csvDl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(csv).toHaveLength(ny + 1);
  const cells = csv.slice(1).flatMap((line) => line.split(',').slice(1).map(Number));
  expect(cells).toEqual(want);

  const [npyDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-npy').click()]);
  const buf = readFileSync((await npyDl.path())!);
  expect(buf.subarray(0, 6).toString('latin1')).toBe('\x93NUMPY');
  const hlen = buf.readUInt16LE(8);
  const header = buf.subarray(10, 10 + hlen).toString('latin1');
  expect(header).toContain("'descr': '<f4'");
  expect(header).toContain(`'shape': (${ny}, ${nx})`);
  const data = new Float32Array(buf.buffer.slice(buf.byteOffset + 10 + hlen, buf.byteOffset + buf.length));
  expect(Array.from(data)).toEqual(want);
});
