/**
 * The Report tab on the report fixtures (fixtures/report/, written by scripts/fixtures/make-report.py): the
 * findings it lists are exactly the planted ones (expected.json), for the dataset and for a variable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, showMetadata } from './helpers';

const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/report/expected.json'), 'utf8')) as {
  findings: Record<string, Record<string, Record<string, string>>>;
};

async function openReport(page: Page): Promise<void> {
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Report' }).click();
  await expect(page.getByTestId('report')).toBeVisible();
}

async function listed(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=report] li.finding')
    .evaluateAll((els) =>
      els.map(
        (e) => `${e.getAttribute('data-path')} ${e.getAttribute('data-code')} ${e.getAttribute('data-severity')}`,
      ),
    );
}

const planted = (name: string) =>
  Object.entries(expected.findings[name] ?? {}).flatMap(([p, codes]) =>
    Object.entries(codes).map(([c, s]) => `${p} ${c} ${s}`),
  );

test('a badly chunked store (over S3: it is not consolidated) lists the planted findings; a variable its own', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${S3_URL}/${BUCKET}/fixtures/report/bad-chunks.zarr#mode=zarr,s3`);
  await openReport(page);
  const want = planted('bad-chunks');
  await expect(page.getByTestId('report-summary')).toContainText(
    `${want.filter((w) => w.endsWith(' error')).length} errors`,
  );
  const got = await listed(page);
  expect(got.filter((g) => !g.endsWith(' info')).sort()).toEqual(want.filter((w) => !w.endsWith(' info')).sort());
  await expect(page.locator('li.finding[data-code=not-consolidated]')).toContainText(
    /metadata objects in \d+ sequential round trips/,
  );

  await selectPath(page, '/forecast/t');
  await openReport(page);
  await expect(page.getByTestId('report')).toContainText('Report for /forecast/t');
  const own = (await listed(page)).sort();
  expect(own).toEqual(want.filter((w) => w.startsWith('/forecast/t ')).sort());
  await expect(page.locator('li.finding[data-code=standard-name-unknown]')).toContainText(
    'Did you mean "air_temperature"?',
  );
});

test('a clean store has no warnings or errors; a broken NCZarr store shows its dimension errors', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/report/clean.zarr`);
  await openReport(page);
  await expect(page.getByTestId('report-summary')).toHaveText(/^0 errors, 0 warnings/);
  await expect(page.getByTestId('report')).toContainText('Zarr v2, xarray conventions');

  await openUrl(page, `${STATIC_URL}/fixtures/report/nczarr-broken.file#mode=nczarr`);
  await expect(page.locator('[role=treeitem][data-path="/forecast"]')).toBeVisible();
  await openReport(page);
  await expect
    .poll(async () => (await listed(page)).filter((g) => !g.endsWith(' info')).sort())
    .toEqual(planted('nczarr-broken').sort());
});
