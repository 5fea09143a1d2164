/**
 * A listing's link carries the entries ticked for "Open as one dataset": ticked in one page, the page URL names
 * them; opened in a fresh page, the same entries are ticked and "Open as one dataset" opens those. The hour folder's files are
 * those make-listing.py wrote (fixtures/listing/expected.json, from os.listdir and os.stat).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';

const HOUR = 'goes/ABI-L2-CMIPF/2024/001/00/';
const EXPECTED = JSON.parse(readFileSync('fixtures/listing/expected.json', 'utf8')) as Record<string, unknown[][]>;
const FILES = EXPECTED[HOUR]!.map((r) => String(r[2]));

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('browse-row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('the ticked entries are in the listing link, and ticked again in a fresh page', async ({ page, browser }) => {
  expect(FILES.length).toBeGreaterThanOrEqual(3);
  await page.goto('/');
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(`${S3_URL}/${BUCKET}/fixtures/listing/${HOUR}#mode=s3`);
  await field.press('Enter');
  await expect(page.getByTestId('browse-row')).toHaveCount(FILES.length);
  const ticked = [FILES[0]!, FILES[2]!];
  for (const name of ticked) await rowNamed(page, name).getByTestId('browse-pick').click();
  await expect(page.getByTestId('browse-picked')).toHaveText('2 selected');
  await expect.poll(() => new URL(page.url()).searchParams.getAll('pick')).toEqual(ticked);

  const fresh = await browser.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('browse-row')).toHaveCount(FILES.length);
  await expect(fresh.getByTestId('browse-picked')).toHaveText('2 selected');
  for (const name of FILES)
    await expect(rowNamed(fresh, name).getByTestId('browse-pick')).toBeChecked({ checked: ticked.includes(name) });
  // Unticking one writes the link again.
  await rowNamed(fresh, ticked[0]!).getByTestId('browse-pick').click();
  await expect.poll(() => new URL(fresh.url()).searchParams.getAll('pick')).toEqual([ticked[1]]);
  await rowNamed(fresh, ticked[0]!).getByTestId('browse-pick').click();
  // "Open as one dataset" opens the member list of the entries the link ticked (these granules have no time
  // dimension to join along, so the open then says so: what matters here is which files it was given).
  await fresh.getByTestId('browse-open-joined').click();
  await expect(fresh.getByRole('textbox', { name: 'Dataset URL' })).toHaveValue(
    `${S3_URL}/${BUCKET}/fixtures/listing/${HOUR}{${ticked.join(',')}}#mode=s3`,
  );
  await fresh.close();
});
