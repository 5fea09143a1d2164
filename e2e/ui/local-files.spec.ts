import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, expectedValues } from './helpers';

test('dropping a zip opens it', async ({ page }) => {
  await page.goto('/');
  const bytes = readFileSync(path.join(ROOT, 'fixtures/netcdf-c-4.9.3/nczarr-zip/groups.zip')).toString('base64');
  const dt = await page.evaluateHandle((b64) => {
    const bin = atob(b64);
    const file = new File([Uint8Array.from(bin, (c) => c.charCodeAt(0))], 'groups.zip', { type: 'application/zip' });
    const d = new DataTransfer();
    d.items.add(file);
    return d;
  }, bytes);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dt });
  await expect(page.locator('[role=treeitem][data-path="/temp"]')).toBeVisible();
  await expect(page.locator('.dataset-name')).toHaveText('groups');
});

test('picking a zip and a dataset folder opens them', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('zip-input').setInputFiles(path.join(ROOT, 'fixtures/netcdf-c-4.9.3/nczarr-zip/types.zip'));
  await expect(page.getByRole('tree')).toBeVisible();
  await page.goto('/');
  await page
    .getByTestId('folder-input')
    .setInputFiles(path.join(ROOT, 'fixtures/netcdf-c-4.9.3/nczarr-file/groups.file'));
  await expect(page.locator('[role=treeitem][data-path="/temp"]')).toBeVisible();
  await page.locator('[role=treeitem][data-path="/temp"]').click();
  await page.getByTestId('view-matrix').click();
  const first = expectedValues('netcdf-c-4.9.3/nczarr-file/groups')['/temp']!.values[0];
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(first));
});
