/**
 * Each way of failing to open shows its own message: 404 (the server answered Not found, for the address and the
 * Zarr metadata under it),
 * 403 (the signing proxy in front of s3rver, no credentials: add credentials), CORS (a server that sends no
 * CORS headers: the bucket CORS configuration to copy) and timeout (the static server stalls every object of this
 * spec's own copy of a fixture, in its own fault scope). The per-request timeout is set to 1 s for that test (the
 * default 30 s is the store's unit tests' business); the server really never answers and the page's clock is real.
 */
import { expect, test, type Page } from '@playwright/test';
import { startNoCorsServer } from '../harness/no-cors-server';
import { BUCKET, SIGNED_URL, STATIC_URL } from '../harness/ports';
import { ROOT, privateFixture } from '../ui/helpers';
import { addAlias, aliasUrl, clearFaults, fixture, setFaults, staticLog, staticLogLength } from './helpers';

const SCOPE = 's3errors';
const messages = new Map<string, string>();

async function openAndReadError(page: Page, url: string): Promise<string> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
  const message = page.getByTestId('error-message');
  await expect(message).toBeVisible({ timeout: 45_000 });
  return (await message.textContent()) ?? '';
}

test.afterAll(() => {
  // Four different messages, not one generic failure.
  if (messages.size === 4) expect(new Set(messages.values()).size).toBe(4);
});

test('404: a missing dataset says the server answered Not found', async ({ page }) => {
  await page.goto('/');
  const text = await openAndReadError(page, `${STATIC_URL}/fixtures/no-such-dataset.zarr#mode=zarr`);
  await expect(page.getByTestId('error-title')).toHaveText('Not found (404)');
  expect(text).toContain(`answered 404 for ${STATIC_URL}/fixtures/no-such-dataset.zarr`);
  expect(text).toContain('no Zarr metadata (zarr.json, .zmetadata, .zgroup, .zarray) under it');
  messages.set('404', text);
});

test('403: a private bucket without credentials asks for credentials', async ({ page }) => {
  await page.goto('/');
  await addAlias(page, { name: 'private', url: SIGNED_URL });
  const text = await openAndReadError(page, aliasUrl('private', BUCKET, 'netcdf-c-4.9.3/nczarr-file/groups'));
  expect(text).toMatch(/refused access .*\(403\)/);
  expect(text).toContain('add credentials');
  expect(text).toContain('AccessDenied');
  messages.set('403', text);
});

test('CORS: a server without CORS headers gets an explanation and a bucket CORS configuration', async ({ page }) => {
  const server = await startNoCorsServer(ROOT);
  try {
    await page.goto('/');
    const f = fixture('netcdf-c-4.9.3/nczarr-file/groups');
    // The files are there (a direct request reads them), the browser may not read them.
    expect((await fetch(`${server.url}/${f.path}/.zgroup`)).status).toBe(200);
    const text = await openAndReadError(page, `${server.url}/${f.path}#mode=nczarr`);
    expect(text).toContain('(CORS)');
    expect(text).toContain('"AllowedMethods"');
    // The advice names the address opened, not a metadata key tried under it.
    expect(text).toContain(`Open ${server.url}/${f.path} in a new tab`);
    messages.set('cors', text);
  } finally {
    server.stop();
  }
});

test('timeout: a server that never answers gets the timeout message', async ({ page }) => {
  // A real wait, not a fake clock: the per-request timeout is set to 1 s (the Endpoints dialog's setting), the
  // server stalls for ever, and every attempt (retries included) has to time out for the message to appear.
  test.setTimeout(120_000);
  const { url, match } = privateFixture('transforms/v1/groups', SCOPE);
  await page.addInitScript(() => localStorage.setItem('zarrview.requestTimeoutMs', '1000'));
  await page.goto('/');
  await setFaults(SCOPE, [{ kind: 'stall', match }]);
  try {
    const mark = await staticLogLength();
    const field = page.getByRole('textbox', { name: 'Dataset URL' });
    await field.fill(url);
    await field.press('Enter');
    const message = page.getByTestId('error-message');
    await expect(message).toContainText('did not answer within 1 s', { timeout: 90_000 });
    const stalled = (await staticLog(match, mark)).filter((e) => e.fault === 'stall');
    expect(stalled.length).toBeGreaterThan(1); // retried before giving up
    messages.set('timeout', (await message.textContent()) ?? '');
  } finally {
    await clearFaults(SCOPE);
  }
});
