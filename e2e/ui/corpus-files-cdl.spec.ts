/**
 * The CLI and the viewer agree on netCDF files: the CDL tab of every file of the netcdf-c corpus as files
 * (fixtures/corpus-files/: netcdf-c's CDLs written by ncgen main as classic, 64-bit offset, CDF-5, netCDF-4 and
 * netCDF-4 classic files) equals `zarrview dump -h` of the same file.
 *
 * The viewer reads each file over the S3 protocol (s3rver; global-setup uploads `fixtures/`) with `#mode=bytes,s3`,
 * by range requests, through the browser store stack, the workers and the React tab; the CLI side runs `dump` in
 * this process on the local file. One page opens the files one after another; every disagreement is collected and
 * the test fails at the end naming each file with its first differing line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { firstDifference, norm } from '../../scripts/fixtures/corpus-compare';
import { parseDumpArgs } from '../../src/cli/args';
import { dump } from '../../src/cli/dump';
import { BUCKET, S3_URL } from '../harness/ports';
import { ROOT, showMetadata } from './helpers';

const BASE = 'fixtures/corpus-files';

interface Kind {
  readonly kept?: boolean;
  readonly path?: string;
}

const files = (
  JSON.parse(readFileSync(path.join(ROOT, BASE, 'index.json'), 'utf8')) as {
    cdls: { dir: string; kinds: Record<string, Kind> }[];
  }
).cdls.flatMap((c) =>
  Object.values(c.kinds)
    .filter((k) => k.kept && k.path)
    .map((k) => `${BASE}/${k.path!}`),
);
const unique = [...new Set(files)];

/** The `url` of the share fragment the viewer writes once a URL dataset is open (undefined before). */
async function openedUrl(page: Page): Promise<string | undefined> {
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).get('url') ?? undefined;
}

/** Pastes `url` and waits until the viewer shows that file, or says it could not open it (the error text). */
async function open(page: Page, url: string, key: string): Promise<string | undefined> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
  const alert = page.getByRole('alert');
  let error: string | undefined;
  await expect
    .poll(
      async () => {
        if (await alert.isVisible()) error = (await alert.textContent()) ?? 'error';
        return error !== undefined || (await openedUrl(page))?.includes(key) === true;
      },
      { timeout: 30_000, message: `opening ${url}` },
    )
    .toBe(true);
  return error;
}

test('every file of the netcdf-c corpus as files: the CDL tab equals zarrview dump -h', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  expect(unique.length).toBeGreaterThan(300);
  const failures: string[] = [];
  await page.goto('/');
  for (const file of unique) {
    const url = `${S3_URL}/${BUCKET}/${file}#mode=bytes,s3`;
    const want = norm((await dump(parseDumpArgs(['-h', path.join(ROOT, file)]))).text);
    const error = await open(page, url, file);
    if (error !== undefined) {
      failures.push(`${file}: the viewer could not open it: ${error}`);
      await page.getByRole('alert').getByRole('button').first().click();
      continue;
    }
    await showMetadata(page);
    const tab = page.getByRole('tab', { name: 'CDL' });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    let got = '';
    try {
      await expect
        .poll(async () => (got = norm((await page.getByTestId('cdl-text').textContent()) ?? '')), { timeout: 30_000 })
        .toBe(want);
    } catch {
      const d = firstDifference(want, got);
      failures.push(`${file}: line ${d?.line}: CLI ${JSON.stringify(d?.expected)}, viewer ${JSON.stringify(d?.got)}`);
    }
  }
  expect(failures, `${failures.length} of ${unique.length} files disagree`).toEqual([]);
});
