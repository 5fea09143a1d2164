import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectedValues, selectPath } from './helpers';

test('a demo opens from the start screen; time labels are dates; NPY equals the stored values; hover shows coordinates and value; telemetry counts requests', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('demo-cf-demo').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/air');
  await expect(page.getByTestId('coord-time')).toHaveText(/^\d{4}-\d{2}-\d{2}/);
  await page.getByTestId('index-time').fill('5');
  await expect(page).toHaveURL(/time%3A5|time:5/);
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);

  await heatmap.scrollIntoViewIfNeeded();
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 10);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  const hover = heatmap.locator('.hoverlayer');
  await expect(hover).toContainText(/air/i);
  await expect(hover).toContainText(/lat/i);

  const ref = expectedValues('demo/cf-demo')['/air']!;
  const [, ny, nx] = ref.shape as [number, number, number];
  const want = ref.values.slice(5 * ny * nx, 6 * ny * nx).map(Number);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-npy').click()]);
  const buf = readFileSync((await dl.path())!);
  const hlen = buf.readUInt16LE(8);
  expect(buf.subarray(10, 10 + hlen).toString('latin1')).toContain("'descr': '<i2'");
  const data = new Int16Array(buf.buffer.slice(buf.byteOffset + 10 + hlen, buf.byteOffset + buf.length));
  expect(Array.from(data)).toEqual(want);

  await page.getByTestId('telemetry').locator('summary').click();
  await expect(page.getByTestId('telemetry-requests')).not.toHaveText('0', { timeout: 5000 });
});
