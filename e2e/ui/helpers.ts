/** Shared steps of the UI specs. */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Fixture {
  readonly name: string;
  readonly path: string;
  readonly mode: string;
}

/** A fixture's entry in fixtures/index.json. */
export function fixtureEntry(name: string): Fixture {
  const index = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/index.json'), 'utf8')) as { datasets: Fixture[] };
  const d = index.datasets.find((x) => x.name === name);
  if (!d) throw new Error(`no fixture ${name}`);
  return d;
}

/** A fixture's `#mode` words without its medium (`file`): `zarr` when it has none. */
const modeWords = (d: { mode: string }) => d.mode.replace(/,?file$/, '') || 'zarr';

/** The URL (with netcdf-c `#mode`) of a fixture from fixtures/index.json. */
export function fixtureUrl(name: string): string {
  const d = fixtureEntry(name);
  return `${STATIC_URL}/${d.path}#mode=${modeWords(d)}`;
}

/**
 * A copy of a fixture that only `owner` reads (under test-results/private-fixtures/<owner>/), for specs that inject
 * faults: the static server applies every scope's faults to every request whose path matches, so a fault on a
 * shared fixture path would reach specs running alongside, and their requests would count in this spec's log.
 * Returns the copy's URL (with `#mode`) and the path prefix to match faults and log entries on.
 */
export function privateFixture(name: string, owner: string): { url: string; match: string } {
  const d = fixtureEntry(name);
  const rel = `test-results/private-fixtures/${owner}/${d.path}`;
  const dest = path.join(ROOT, rel);
  cpSync(path.join(ROOT, d.path), dest, { recursive: true, force: true }); // fresh: the fixture may have changed
  const match = `/${rel}/`;
  return { url: `${STATIC_URL}/${rel}#mode=${modeWords(d)}`, match };
}

/** The fixture over the S3 protocol (s3rver, path style): stores without consolidated metadata need listing. */
export function fixtureS3Url(name: string): string {
  const d = fixtureEntry(name);
  return `${S3_URL}/${BUCKET}/${d.path}#mode=${modeWords(d)},s3`;
}

export interface ExpectedArray {
  dtype: string;
  shape: number[];
  fill_value: unknown;
  values: (number | string | null)[];
}

/** Reference values (zarr-python / ncdump readers) of a fixture's arrays. */
export function expectedValues(name: string): Record<string, ExpectedArray> {
  const file = path.join(ROOT, 'fixtures/expected', `${name}.values.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { arrays: Record<string, ExpectedArray> }).arrays;
}

/** Pastes a URL into the Dataset URL field, presses Enter and waits for the tree (up to `timeout` ms). */
export async function openUrl(page: Page, url: string, timeout?: number): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
  await expect(page.getByRole('tree')).toBeVisible({ timeout });
}

/** Clicks a tree item by its path (expanding groups on the way through the filter-free tree). */
export async function selectPath(page: Page, p: string): Promise<void> {
  const parts = p.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const g = `/${parts.slice(0, i).join('/')}`;
    const item = page.locator(`[role=treeitem][data-path="${g}"]`);
    if ((await item.getAttribute('aria-expanded')) !== 'true') await item.locator('.twisty').click();
  }
  const item = page.locator(`[role=treeitem][data-path="${p}"]`);
  await item.click();
  await expect(item).toHaveAttribute('aria-selected', 'true');
}

/** Text of the cell (r, c) of the matrix view, as the full-precision value attribute. */
export async function cellValue(page: Page, r: number, c: number): Promise<string | null> {
  return page.getByTestId(`cell-${r}-${c}`).getAttribute('data-value');
}

/** The first `n` cells of the matrix view's first column. */
export async function column(page: Page, n: number): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let r = 0; r < n; r++) out.push(await cellValue(page, r, 0));
  return out;
}

/**
 * Shows the inspect tabs (Overview, Storage, CDL, JSON, Report): a variable's are in the Metadata panel beside its
 * plot, opened here when closed; a group's are in the main pane.
 */
export async function showMetadata(page: Page): Promise<void> {
  const toggle = page.getByTestId('metadata-toggle');
  await expect(toggle.or(page.getByRole('tablist', { name: 'Inspect' })).first()).toBeVisible();
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Opens the view toolbar's More menu (Code, Compare with…) when it is closed. */
export async function openMore(page: Page): Promise<void> {
  const more = page.getByTestId('more-button');
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}

/** The rows of a series pane's CSV download (header first), as the user's Download CSV writes them. */
export async function seriesCsvRows(region: Locator): Promise<string[]> {
  const page = region.page();
  const [dl] = await Promise.all([page.waitForEvent('download'), region.getByTestId('series-csv').click()]);
  return readFileSync((await dl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
}
