/**
 * With 30 % of requests answered 503 (static server fault in this spec's own scope, on its own copy of a fixture)
 * the dataset still opens, its values equal the reference, and the telemetry panel shows the retries.
 */
import { expect, test } from '@playwright/test';
import { expectedValues, openUrl, privateFixture, selectPath } from '../ui/helpers';
import { clearFaults, expectMatrixMatches, setFaults, staticLog, staticLogLength } from './helpers';

const SCOPE = 's3retries';

test('30% injected 503s: the dataset opens with the right values and telemetry shows the retries', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const name = 'transforms/keys-lower/compression';
  const { url, match } = privateFixture(name, SCOPE);
  await page.goto('/');
  const mark = await staticLogLength();
  await setFaults(SCOPE, [{ kind: 'status', status: 503, rate: 0.3, match }], 7);
  try {
    await openUrl(page, url);
    for (const v of ['/raw', '/zstd', '/bzip2', '/blosc']) {
      await selectPath(page, v);
      await page.getByTestId('view-matrix').click();
      expect(await expectMatrixMatches(page, expectedValues(name)[v]!)).toBeGreaterThan(20);
    }
    const log = await staticLog(match, mark);
    const injected = log.filter((e) => e.fault === 'status 503').length;
    info.annotations.push({ type: '503', description: `${injected} of ${log.length} requests answered 503` });
    expect(injected).toBeGreaterThan(0);
    // About 30 %: the generator is seeded, the bounds only guard against a fault that did not apply.
    expect(injected / log.length).toBeGreaterThan(0.1);
    expect(injected / log.length).toBeLessThan(0.5);

    await page.getByTestId('telemetry').locator('summary').click();
    // Every injected 503 was retried (none gave up: the values above are all there). The panel refreshes once a
    // second, so it may show an earlier count first.
    await expect.poll(async () => Number(await page.getByTestId('telemetry-retries').textContent())).toBe(injected);
  } finally {
    await clearFaults(SCOPE);
  }
});
