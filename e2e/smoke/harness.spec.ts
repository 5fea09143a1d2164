import { expect, test } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';

/** This spec's own fault scope, on a file no other spec reads, so specs running alongside are not disturbed. */
const SCOPE = 'smoke';
const FILE = '/fixtures/README.md';

async function control(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${STATIC_URL}/__control/${path}${body === undefined ? '' : `?scope=${SCOPE}`}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

test.afterEach(async () => {
  await control('reset', {});
});

test('the app page loads', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the page reads an object from s3rver with a Range header (CORS + range over the S3 protocol)', async ({
  page,
}) => {
  await page.goto('/');
  const key = 'public/demo/index.json';
  const whole = await (await fetch(`${S3_URL}/${BUCKET}/${key}`)).text();
  const result = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Range: 'bytes=2-9' } });
    return { status: res.status, range: res.headers.get('Content-Range'), body: await res.text() };
  }, `${S3_URL}/${BUCKET}/${key}`);
  expect(result.status).toBe(206);
  expect(result.range).toBe(`bytes 2-9/${Buffer.byteLength(whole)}`);
  expect(result.body).toBe(whole.slice(2, 10));
});

test('the page lists a bucket prefix over the S3 protocol', async ({ page }) => {
  await page.goto('/');
  const xml = await page.evaluate(
    async (url) => (await fetch(url)).text(),
    `${S3_URL}/${BUCKET}?list-type=2&prefix=public/demo/&delimiter=/`,
  );
  expect(xml).toContain('public/demo/index.json');
});

test('injected latency is observable from the page', async ({ page }) => {
  await page.goto('/');
  const url = `${STATIC_URL}${FILE}`;
  const timed = (u: string) =>
    page.evaluate(async (x) => {
      const t0 = performance.now();
      await (await fetch(x, { cache: 'no-store' })).text();
      return performance.now() - t0;
    }, u);
  await timed(url);
  await control('config', { faults: [{ kind: 'delay', ms: 400, match: FILE }] });
  const slow = await timed(url);
  expect(slow).toBeGreaterThanOrEqual(390);
});

test('an injected 503 is observable from the page, and the request log records it', async ({ page }) => {
  await page.goto('/');
  await control('config', { faults: [{ kind: 'status', status: 503, match: FILE, count: 1 }] });
  const before = ((await control('log')) as { path: string }[]).filter((e) => e.path === FILE).length;
  const statuses = await page.evaluate(async (url) => {
    const a = await fetch(url, { cache: 'no-store' });
    const b = await fetch(url, { cache: 'no-store' });
    return [a.status, b.status];
  }, `${STATIC_URL}${FILE}`);
  expect(statuses).toEqual([503, 200]);
  const log = (await control('log')) as { path: string; status: number; fault: string | null }[];
  const mine = log.filter((e) => e.path === FILE).slice(before);
  expect(mine.map((e) => [e.status, e.fault])).toEqual([
    [503, 'status 503'],
    [200, null],
  ]);
});
