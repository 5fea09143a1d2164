/**
 * Dropping a folder: the drop goes through Chromium's own drag-and-drop pipeline (DevTools protocol
 * `Input.dispatchDragEvent` with a file-system path, as the operating system hands a dragged folder to the
 * browser), so the page sees a real directory entry and walks it with `webkitGetAsEntry`.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, cellValue, expectedValues, selectPath } from './helpers';

async function dropPaths(page: Page, files: string[]): Promise<void> {
  const box = await page.getByTestId('drop-zone').boundingBox();
  if (!box) throw new Error('drop zone not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
  }
  await cdp.detach();
}

for (const [name, folder] of [
  ['netcdf-c-4.9.3/nczarr-file/groups', 'fixtures/netcdf-c-4.9.3/nczarr-file/groups.file'],
  ['zarr-python/layout', 'fixtures/zarr-python/layout.zarr'],
] as const) {
  test(`dropping the folder ${path.basename(folder)} opens it with the reference values`, async ({ page }) => {
    const ref = expectedValues(name);
    const [varPath, arr] = Object.entries(ref).find(([, a]) => a.shape.length >= 1)!;
    await page.goto('/');
    await dropPaths(page, [path.join(ROOT, folder)]);
    await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
    await selectPath(page, varPath);
    await page.getByTestId('view-matrix').click();
    // Row 0, column 0 of the matrix is the first stored element.
    await expect.poll(() => cellValue(page, 0, 0)).toBe(String(arr.values[0]));
  });
}
