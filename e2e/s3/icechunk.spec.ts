/**
 * Icechunk repositories in Chromium (fixtures/icechunk/, written by the official library): spec version 2 over
 * s3rver opens main's tip (tree, plot, the library's values, virtual chunks read through s3rver); credentials
 * configured for another endpoint are never sent; an unknown spec version is refused with its number. The History
 * region, share links naming a version and spec version 1 are in icechunk-history.spec.ts. Every expected value
 * comes from fixtures/icechunk/expected.json.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUCKET, S3_URL, SIGNED_CREDENTIALS, SIGNED_REGION, SIGNED_URL, STATIC_URL } from '../harness/ports';
import { ROOT, openUrl } from '../ui/helpers';
import { addAlias, expectMatrixMatches, recordRequests } from './helpers';
import { S3_REPO, SPEC2, plotAndCompare, values } from './icechunk-helpers';

test('spec version 2 over s3rver: main tip’s tree, a plot, the library’s values, virtual chunks', async ({ page }) => {
  const tip = SPEC2.branches.main!;
  const arrays = Object.keys(SPEC2.snapshots[tip]!.arrays);
  expect(arrays).toContain('/temp');
  expect(arrays).toContain('/virt');
  await page.goto('/');
  await openUrl(page, S3_REPO);
  await expect(page.getByTestId('history-current')).toContainText(tip);
  // Every top-level array of main's tip, and nothing dev alone has.
  for (const a of arrays.filter((p) => p.lastIndexOf('/') === 0))
    await expect(page.locator(`[role=treeitem][data-path="${a}"]`)).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/g"]')).toBeVisible();
  expect(SPEC2.snapshots[tip]!.arrays['/g/flags']).toBeUndefined();

  await plotAndCompare(page, '/temp', values(SPEC2, tip, '/temp', 0));
  // Time 1 too (the slice the later commits rewrote).
  await page.getByTestId('index-time').fill('1');
  expect(await expectMatrixMatches(page, values(SPEC2, tip, '/temp', 1))).toBeGreaterThan(3);
  // Virtual chunks: big-endian float32 in virt.nc, read by ranges through s3rver.
  await plotAndCompare(page, '/virt', values(SPEC2, tip, '/virt'));
});

test('credentials configured for another endpoint are not sent for the repository or its virtual chunks', async ({
  page,
  context,
}) => {
  const tip = SPEC2.branches.main!;
  const requests = recordRequests(context);
  await page.goto('/');
  await addAlias(page, {
    name: 'signed',
    url: SIGNED_URL,
    region: SIGNED_REGION,
    accessKeyId: SIGNED_CREDENTIALS.accessKeyId,
    secretAccessKey: SIGNED_CREDENTIALS.secretAccessKey,
  });
  await openUrl(page, S3_REPO);
  await plotAndCompare(page, '/virt', values(SPEC2, tip, '/virt'));
  await plotAndCompare(page, '/virt4', values(SPEC2, tip, '/virt4'));
  await requests.settle();
  const origin = new URL(S3_URL).origin;
  const toS3 = requests.list.filter((r) => r.url.startsWith(`${origin}/${BUCKET}/fixtures/icechunk/`));
  const repoFiles = toS3.filter((r) => r.url.includes('/fixtures/icechunk/spec2/'));
  const targets = toS3.filter((r) => r.url.includes('/fixtures/icechunk/targets/'));
  expect(repoFiles.map((r) => new URL(r.url).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/spec2\/repo$/), expect.stringMatching(/\/spec2\/snapshots\//)]),
  );
  expect(targets.map((r) => new URL(r.url).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/virt\.nc$/), expect.stringMatching(/\/virt4\.nc$/)]),
  );
  for (const r of toS3) {
    expect(r.headers.authorization, r.url).toBeUndefined();
    expect(JSON.stringify(r.headers)).not.toContain(SIGNED_CREDENTIALS.accessKeyId);
  }
  expect(requests.list.filter((r) => r.url.startsWith(new URL(SIGNED_URL).origin))).toEqual([]);
});

test('a repository written in an unknown spec version is refused with its number', async ({ page }) => {
  // A copy of spec2 whose `repo` file says spec version 3 (byte 36 of the header), served by the static server.
  const rel = 'test-results/private-fixtures/icechunk-spec3/spec2';
  cpSync(path.join(ROOT, 'fixtures/icechunk/spec2'), path.join(ROOT, rel), { recursive: true, force: true });
  const repo = readFileSync(path.join(ROOT, 'fixtures/icechunk/spec2/repo'));
  expect(repo[36]).toBe(SPEC2.specVersion);
  repo[36] = 3;
  writeFileSync(path.join(ROOT, rel, 'repo'), repo);

  for (const url of [`${STATIC_URL}/${rel}#mode=icechunk`, `${STATIC_URL}/${rel}`]) {
    await page.goto('/');
    const field = page.getByRole('textbox', { name: 'Dataset URL' });
    await field.fill(url);
    await field.press('Enter');
    const message = page.getByTestId('error-message');
    await expect(message).toContainText('spec version 3', { timeout: 30_000 });
    await expect(page.getByRole('tree')).toHaveCount(0);
  }
});
