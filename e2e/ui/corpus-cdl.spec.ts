/**
 * The CLI and the viewer agree: the CDL tab of every netcdf-c corpus store (fixtures/corpus/, NCZarr and pure
 * Zarr written by netcdf-c 4.9.3) equals `zarrview dump -h` of it.
 *
 * The viewer reads each store over the S3 protocol (s3rver, which lists; global-setup uploads `fixtures/`), with
 * its `#mode=nczarr,s3` / `#mode=zarr,s3` fragment, through the browser store stack, the workers and the React
 * tab. The CLI side runs in this process: readDataset + dumpStore on a NodeFolderStore of the same folder, as
 * src/cli/corpus.test.ts does. One page opens the stores one after another; every disagreement is collected and
 * the test fails at the end naming each store with its first differing line.
 */
import { expect, test, type Page } from '@playwright/test';
import { corpusCases, firstDifference, norm, zarrviewText, type Case } from '../../scripts/fixtures/corpus-compare';
import { datasetName, parseLocation } from '../../src/url/parse';
import { BUCKET, S3_URL } from '../harness/ports';
import { ROOT, showMetadata } from './helpers';

const stores = corpusCases().filter((c) => c.kind === 'h');

function storeUrl(c: Case): string {
  const key = c.store
    .slice(ROOT.length + 1)
    .split('\\')
    .join('/');
  return `${S3_URL}/${BUCKET}/${key}#mode=${c.pureZarr ? 'zarr' : 'nczarr'},s3`;
}

/** The `url` of the share fragment the viewer writes once a URL dataset is open (undefined before). */
async function openedUrl(page: Page): Promise<string | undefined> {
  const hash = new URL(page.url()).hash.slice(1);
  return new URLSearchParams(hash).get('url') ?? undefined;
}

/**
 * Pastes `url` and waits until the viewer shows that dataset (its share fragment names the store: a store of the
 * other mode of the same CDL has the same name and often the same CDL, so the tree alone could be the previous
 * one; the two differ in the folder, `nczarr/` or `zarr/`) or says it could not open it. Returns the error text, or undefined once open.
 */
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
        const u = await openedUrl(page);
        return error !== undefined || u?.includes(key) === true;
      },
      { timeout: 30_000, message: `opening ${url}` },
    )
    .toBe(true);
  return error;
}

test('every corpus store: the CDL tab equals zarrview dump -h', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  expect(stores.length).toBeGreaterThan(150);
  const failures: string[] = [];
  await page.goto('/');
  for (const c of stores) {
    const url = storeUrl(c);
    const key = url.slice(S3_URL.length + 1).split('#')[0]!;
    // The CLI names a dataset by the folder it is given (`<name>.file` → `<name>`, as ncdump does); the viewer by
    // the URL's last segment. Both are ncdump's rule and give the same name here; the CLI side is given the
    // viewer's name explicitly, so a header line can differ only if the rule itself differs.
    const name = datasetName(parseLocation(url));
    let want: string;
    try {
      want = norm(await zarrviewText({ ...c, name }));
    } catch (e) {
      failures.push(`${c.id}: zarrview dump -h failed: ${String(e)}`);
      continue;
    }
    const error = await open(page, url, key);
    if (error !== undefined) {
      failures.push(`${c.id}: the viewer could not open ${url}: ${error}`);
      await page.getByRole('alert').getByRole('button').first().click();
      continue;
    }
    await showMetadata(page);
    const tab = page.getByRole('tab', { name: 'CDL' });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    const text = page.getByTestId('cdl-text');
    let got = '';
    try {
      // The viewer opens lazily: the CDL tab reads every array first (ref_camrun: 642 arrays, 1,284 documents).
      await expect.poll(async () => (got = norm((await text.textContent()) ?? '')), { timeout: 60_000 }).toBe(want);
    } catch {
      const d = firstDifference(want, got);
      failures.push(`${c.id}: line ${d?.line}: CLI ${JSON.stringify(d?.expected)}, viewer ${JSON.stringify(d?.got)}`);
    }
  }
  expect(failures, `${failures.length} of ${stores.length} stores disagree`).toEqual([]);
});
