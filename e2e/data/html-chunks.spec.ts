/**
 * A missing chunk answered by a site's fallback page (status 200 and an HTML page, as single-page-app hosts answer
 * any path they have no file for) is read as a missing chunk: the fill value, not garbage numbers and not a failed
 * chunk; the display says once what it means and what to do. The static server's `html-fallback` fault answers
 * the dataset's missing files that way.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath } from '../ui/helpers';
import { writeManyChunks } from './many-chunks';

const SCOPE = 'data-html-chunks';

async function control(p: 'config' | 'reset', body: unknown = {}): Promise<void> {
  const res = await fetch(`${STATIC_URL}/__control/${p}?scope=${SCOPE}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

test.afterEach(async () => {
  await control('reset');
});

test('chunks answered with an HTML page show as missing (fill value), with one notice', async ({ page }) => {
  const root = writeManyChunks('html-chunks', ['v']);
  // Chunks (0, 0, 0) and (0, 0, 1) of time 0 do not exist: rows 0–3, columns 0–7 hold the fill value (-1).
  for (const k of ['0.0.0', '0.0.1']) rmSync(path.join(ROOT, root, 'v', k), { force: true });
  await control('config', { faults: [{ kind: 'html-fallback', match: root }] });
  const page404 = await fetch(`${STATIC_URL}${root}/v/0.0.0`);
  expect(page404.status).toBe(200);
  expect(await page404.text()).toContain('<!doctype html>');

  await page.goto('/');
  await openUrl(page, `${STATIC_URL}${root}#mode=zarr`);
  await selectPath(page, '/v');
  await page.getByTestId('view-matrix').click();
  // Present chunks hold their values; the missing ones are masked as the fill value, not read as data.
  await expect(page.getByTestId('cell-0-8')).toHaveAttribute('data-value', '8');
  await expect(page.getByTestId('cell-4-0')).toHaveAttribute('data-value', '400');
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '');
  await expect(page.getByTestId('cell-3-7')).toHaveAttribute('data-value', '');
  await page.getByTestId('raw-toggle').check();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '-1');
  await expect(page.getByTestId('cell-3-7')).toHaveAttribute('data-value', '-1');
  await expect(page.getByTestId('cell-0-8')).toHaveAttribute('data-value', '8');

  // One notice that says what it means and what to do; no chunk is reported as failed.
  const notice = page.getByTestId('dataset-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('web page (HTML)');
  await expect(notice).toContainText('404');
  await expect(notice).toContainText('2 chunks');
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});
