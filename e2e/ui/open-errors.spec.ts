/**
 * An open that fails says what happened, each case in its own words with the one thing to do: 404, 403, 410, an
 * object that is no dataset (it looks like HTML, JSON, text, a PNG image), no such bucket (an S3-compatible endpoint
 * that says so readably; s3rver, which answers a missing bucket without CORS headers as AWS does, so the browser
 * cannot tell it from a blocked request), no such key, and a server without CORS headers (the advice names the file
 * opened, not a metadata key beside it). A failed open clears the dataset that was on screen, and the URL field holds
 * the address that failed. The objects are the static server's `/answers/` (e2e/harness/answers.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { startNoCorsServer } from '../harness/no-cors-server';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { addAlias } from '../s3/helpers';
import { ROOT, openUrl } from './helpers';

const A = `${STATIC_URL}/answers`;
const shown = new Map<string, string>();

/** Opens `url` and returns the error's title and message once shown. */
async function failToOpen(page: Page, url: string): Promise<{ title: string; message: string }> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
  const message = page.getByTestId('error-message');
  await expect(message).toBeVisible({ timeout: 45_000 });
  const out = {
    title: (await page.getByTestId('error-title').textContent()) ?? '',
    message: (await message.textContent()) ?? '',
  };
  shown.set(url, out.message);
  return out;
}

test.afterAll(() => {
  // Every case its own message.
  expect(new Set(shown.values()).size).toBe(shown.size);
});

test('404, 403 and 410 each say what the server said, never a Zarr probe', async ({ page }) => {
  await page.goto('/');
  const nf = await failToOpen(page, `${STATIC_URL}/fixtures/no-such-dataset.zarr#mode=zarr`);
  expect(nf.title).toBe('Not found (404)');
  expect(nf.message).toContain(`answered 404 for ${STATIC_URL}/fixtures/no-such-dataset.zarr`);
  expect(nf.message).not.toContain('No Zarr metadata');
  const missingNc = await failToOpen(page, `${STATIC_URL}/fixtures/no-such-file.nc`);
  expect(missingNc.title).toBe('Not found (404)');
  const denied = await failToOpen(page, `${A}/forbidden/data.nc`);
  expect(denied.title).toBe('Access denied (403)');
  expect(denied.message).toContain('refused access');
  const gone = await failToOpen(page, `${A}/gone/data.zarr`);
  expect(gone.title).toBe('Gone (410)');
  expect(gone.message).toContain('new location');
});

test('an object that is no dataset says what it looks like', async ({ page }) => {
  await page.goto('/');
  for (const [name, looks] of [
    ['page.html', 'looks like HTML (a web page)'],
    ['data.json', 'looks like JSON'],
    ['notes.txt', 'looks like text (it begins “Temperature readings, station 7, 2021”)'],
    ['image.png', 'looks like a PNG image (its first bytes: 89 50 4e 47'],
  ]) {
    const e = await failToOpen(page, `${A}/${name}`);
    expect(e.title).toBe('Not a dataset');
    expect(e.message).toContain(`${A}/${name} is not a dataset: it ${looks}`);
  }
  // A text file and a missing .nc say different things.
  expect(shown.get(`${A}/notes.txt`)).not.toContain('404');
});

test('no such bucket, no such key', async ({ page }) => {
  await page.goto('/');
  await addAlias(page, { name: 'lab', url: `${A}/s3like` });
  await addAlias(page, { name: 'local', url: S3_URL });
  const readable = await failToOpen(page, 's3://lab/nobucket/ds.zarr');
  expect(readable.title).toBe('No such bucket');
  expect(readable.message).toContain('There is no bucket "nobucket"');
  // s3rver, as AWS, answers a missing bucket without CORS headers: the page cannot see the answer, and says so.
  const blind = await failToOpen(page, 's3://local/no-such-bucket-here/ds.nc');
  expect(blind.title).toBe('No such bucket, blocked, or unreachable');
  expect(blind.message).toContain('bucket "no-such-bucket-here" does not exist');
  expect(blind.message).toContain(`Open ${S3_URL}/no-such-bucket-here/ds.nc in a new tab`);
  const key = await failToOpen(page, `s3://local/${BUCKET}/fixtures/no-such-file.nc`);
  expect(key.title).toBe('No such key');
  expect(key.message).toContain(`Bucket "${BUCKET}" has no object "fixtures/no-such-file.nc" (404 NoSuchKey)`);
});

test('a server without CORS headers: the advice names the file opened', async ({ page }) => {
  const server = await startNoCorsServer(ROOT);
  try {
    const file = `${server.url}/fixtures/netcdf3/classic/example_good.nc`;
    await page.goto('/');
    const e = await failToOpen(page, file);
    expect(e.title).toBe('Blocked or unreachable');
    expect(e.message).toContain('(CORS)');
    expect(e.message).toContain(`Open ${file} in a new tab`);
    expect(e.message).toContain('"AllowedMethods"');
    expect(e.message).not.toContain('example_good.nc/');
  } finally {
    server.stop();
  }
});

test('a failed open clears the dataset on screen; the URL field holds the address that failed', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/public/demo/cf-demo.zarr#mode=zarr`);
  await expect(page.getByRole('tree')).toBeVisible();
  const url = `${A}/notes.txt`;
  await failToOpen(page, url);
  await expect(page.getByRole('tree')).toHaveCount(0);
  await expect(page.getByTestId('open-panel')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toHaveValue(url);
  await expect(page.getByTestId('error')).toContainText(`Could not open ${url}`);
  shown.delete(url); // the same case as above
});
