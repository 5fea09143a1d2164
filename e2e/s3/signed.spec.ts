/**
 * Signed S3 requests against the harness's SigV4-verifying proxy (it recomputes each signature and answers 403
 * SignatureDoesNotMatch to a wrong one): the right credentials open the dataset; a wrong secret shows the
 * signature message; and the secret never leaves the page except as a signature — not in the page URL, the
 * share link, web storage (without "remember"), console output, nor any request to another host.
 */
import { expect, test } from '@playwright/test';
import { BUCKET, SIGNED_CREDENTIALS, SIGNED_REGION, SIGNED_URL } from '../harness/ports';
import { expectedValues, openUrl, selectPath } from '../ui/helpers';
import { addAlias, aliasUrl, editAlias, expectMatrixMatches, recordRequests } from './helpers';

const NAME = 'netcdf-c-4.9.3/nczarr-file/groups';
const { accessKeyId: KEY_ID, secretAccessKey: SECRET } = SIGNED_CREDENTIALS;

test('signed requests: right credentials open, a wrong secret shows the signature error; the secret never leaks', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The clipboard of a headless browser is not readable everywhere: keep what "Copy link" writes.
  await context.addInitScript(() => {
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (t: string) => (w.__copied.push(t), Promise.resolve()) },
    });
  });
  const requests = recordRequests(context);
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(`${m.type()}: ${m.text()} ${JSON.stringify(m.location())}`));
  page.on('pageerror', (e) => consoleText.push(`pageerror: ${e.message}\n${e.stack ?? ''}`));

  await page.goto('/');
  await addAlias(page, {
    name: 'signed',
    url: SIGNED_URL,
    region: SIGNED_REGION,
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
  });
  await openUrl(page, aliasUrl('signed', BUCKET, NAME));
  await selectPath(page, '/temp');
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, expectedValues(NAME)['/temp']!)).toBeGreaterThan(10);

  // Every request to the endpoint (page and decode workers) was signed with these credentials.
  await requests.settle();
  const origin = new URL(SIGNED_URL).origin;
  const toEndpoint = requests.list.filter((r) => new URL(r.url).origin === origin && r.method !== 'OPTIONS');
  expect(toEndpoint.length).toBeGreaterThan(5);
  for (const r of toEndpoint)
    expect(r.headers.authorization ?? '').toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEY_ID}/\\d{8}/${SIGNED_REGION}/s3/aws4_request`),
    );

  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
  expect(copied.length).toBe(1);
  expect(decodeURIComponent(copied[0]!)).toContain(`s3://signed/${BUCKET}/`);

  // A wrong secret: the proxy rejects the signature and the page says so.
  await editAlias(page, 0, 'Secret access key', `${SECRET}-wrong`);
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(aliasUrl('signed', BUCKET, NAME));
  await field.press('Enter');
  const message = page.getByTestId('error-message');
  await expect(message).toContainText('rejected the request signature', { timeout: 30_000 });
  await expect(message).toContainText('SignatureDoesNotMatch');

  // Where the secret (and the access key) must never be.
  await requests.settle();
  const storage = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
  const places: [string, string][] = [
    ['page URL', page.url()],
    ['share link', copied.join('\n')],
    ['web storage', storage],
    ['console', consoleText.join('\n')],
    ['error message', (await message.textContent()) ?? ''],
  ];
  for (const [where, text] of places) {
    expect(text, where).not.toContain(SECRET);
    expect(text, where).not.toContain(KEY_ID);
  }
  expect(storage).toContain('signed'); // the alias itself is saved, without its secrets
  for (const r of requests.list) {
    const text = `${r.url}\n${JSON.stringify(r.headers)}`;
    expect(text, r.url).not.toContain(SECRET);
    if (new URL(r.url).origin !== origin) {
      expect(text, r.url).not.toContain(KEY_ID);
      expect(r.headers.authorization, r.url).toBeUndefined();
    }
  }
  expect(requests.list.some((r) => new URL(r.url).origin !== origin)).toBe(true);
});
