/**
 * Network faults from the static server (its `hostile` scope, on this spec's own copies of the fixtures): 5xx,
 * connection resets, stalled and truncated bodies, a wrong Content-Length. Transient faults are retried and the
 * right values show; lasting ones end in a clear error in place; the page never hangs; rapid selection changes
 * never show a stale slice. Counts go to test-results/reliability/e2e-faults.json.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeCounts } from '../../scripts/reliability/counts';
import { STATIC_URL } from '../harness/ports';
import { cellValue, openUrl, privateFixture, selectPath } from '../ui/helpers';

interface Fault {
  kind: 'status' | 'reset' | 'truncate' | 'stall' | 'wrong-length' | 'delay';
  match: string;
  status?: number;
  count?: number;
  ms?: number;
}

const SCOPE = 'hostile';
let injected = 0;
let survived = 0;
let cases = 0;
let failures = 0;

async function setFaults(faults: Fault[]): Promise<void> {
  await fetch(`${STATIC_URL}/__control/config?scope=${SCOPE}`, {
    method: 'POST',
    body: JSON.stringify({ latencyMs: 0, faults }),
  });
}
async function clearFaults(): Promise<void> {
  await fetch(`${STATIC_URL}/__control/reset?scope=${SCOPE}`, { method: 'POST', body: '{}' });
}
/** Requests the server answered with a fault on paths containing `match`. */
async function faultsOn(match: string): Promise<number> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as { path: string; fault: string | null }[];
  return log.filter((e) => e.fault !== null && e.fault !== 'delay' && e.path.includes(match)).length;
}

/** Runs a fault case: counts the faults it injected on `match`, and counts them survived when `body` passes. */
async function faultCase(match: string, body: () => Promise<void>): Promise<void> {
  cases++;
  const before = await faultsOn(match);
  let ok = false;
  try {
    await body();
    ok = true;
  } finally {
    await clearFaults();
    const n = (await faultsOn(match)) - before;
    injected += n;
    if (ok) survived += n;
    else failures++;
  }
}

async function matrixCell(page: Page, r: number, c: number, want: string): Promise<void> {
  await page.getByTestId('view-matrix').click();
  await expect.poll(() => cellValue(page, r, c), { timeout: 30_000 }).toBe(want);
}

test.beforeEach(async ({ page }) => {
  // Short request timeouts so that stalls end within the test (default 30 s × 4 attempts).
  await page.addInitScript(() => localStorage.setItem('zarrview.requestTimeoutMs', '1500'));
});
test.afterEach(clearFaults);

test('transient 503s and connection resets on metadata and chunks are retried: the right values show', async ({
  page,
}) => {
  const { url, match: base } = privateFixture('transforms/v1/groups', SCOPE);
  await faultCase(base, async () => {
    await setFaults([
      { kind: 'status', status: 503, match: `${base}.z`, count: 2 },
      { kind: 'reset', match: `${base}lat/`, count: 2 },
    ]);
    await page.goto('/');
    await openUrl(page, url);
    await selectPath(page, '/lat');
    await matrixCell(page, 0, 0, '-45');
    await matrixCell(page, 3, 0, '45');
    expect(await faultsOn(base)).toBeGreaterThanOrEqual(3);
  });
});

test('a chunk that keeps answering 500 ends in a clear error for that variable; the others still read', async ({
  page,
}) => {
  const fixture = privateFixture('transforms/v1/compression', SCOPE);
  const match = `${fixture.match}raw/`;
  await faultCase(match, async () => {
    // Chunks only (0.0, 0.1, 1.0, 1.1): the metadata opens.
    await setFaults([
      { kind: 'status', status: 500, match: `${match}0.` },
      { kind: 'status', status: 500, match: `${match}1.` },
    ]);
    await page.goto('/');
    await openUrl(page, fixture.url);
    await selectPath(page, '/raw');
    const err = page.getByTestId('display').getByTestId('error-message');
    await expect(err).toBeVisible({ timeout: 30_000 });
    await expect(err).toContainText(/500|server/i);
    await selectPath(page, '/blosc');
    await matrixCell(page, 0, 0, '150');
  });
});

test('a stalled chunk times out with a clear error; Retry after the server recovers shows the values', async ({
  page,
}) => {
  // The chunk only (`x/0`): a stalled metadata read is the next test.
  const fixture = privateFixture('netcdf-c-4.9.0/nczarr-file/legacy', SCOPE);
  const match = `${fixture.match}x/0`;
  await faultCase(match, async () => {
    // Stalled before the dataset opens: `x` is a dimension coordinate, read ahead at idle time after the open, so a
    // stall set later may come after its values are cached (no request at the selection, no error to see).
    await setFaults([{ kind: 'stall', match }]);
    await page.goto('/');
    await openUrl(page, fixture.url);
    await selectPath(page, '/x');
    const err = page.getByTestId('display').getByTestId('error');
    await expect(err).toBeVisible({ timeout: 40_000 });
    await expect(err.getByTestId('error-message')).toContainText(/did not answer|timed out/i);
    await clearFaults();
    await err.getByRole('button', { name: 'Retry' }).click();
    await matrixCell(page, 0, 0, '1');
    await matrixCell(page, 3, 0, '4');
  });
});

test('a variable whose metadata read stalls (lazy open): a clear error with Retry, which then shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fixture = privateFixture('netcdf-c-4.9.0/nczarr-file/legacy', SCOPE);
  const match = `${fixture.match}x/.z`;
  await faultCase(match, async () => {
    // The variable's metadata is read when it is selected, not at open: stall it before the tree can ask.
    await setFaults([{ kind: 'stall', match }]);
    await page.goto('/');
    await openUrl(page, fixture.url);
    await selectPath(page, '/x');
    const err = page.getByTestId('metadata-error');
    await expect(err).toBeVisible({ timeout: 60_000 });
    await expect(err.getByTestId('error-message')).toContainText(/did not answer|timed out/i);
    await clearFaults();
    // The tree reads the pending rows on screen in the background too: once the server answers, that read can show
    // the variable before Retry is pressed (the error then goes). Retry is pressed while it is there; either way the
    // variable's values must show.
    await err
      .getByRole('button', { name: 'Retry' })
      .click({ timeout: 10_000 })
      .catch(async (e: unknown) => {
        if (await err.count()) throw e;
      });
    await matrixCell(page, 0, 0, '1');
    await matrixCell(page, 3, 0, '4');
  });
});

test('truncated bodies and a wrong Content-Length: retried once, right values; lasting truncation, a clear error', async ({
  page,
}) => {
  const { url, match: base } = privateFixture('transforms/keys-upper/compression', SCOPE);
  await faultCase(base, async () => {
    await page.goto('/');
    await openUrl(page, url);
    // Chunks only (`0.0`, `0.1`): the variables' metadata is read when they are selected (lazy open).
    await setFaults([
      { kind: 'truncate', match: `${base}blosc/0.`, count: 1 },
      { kind: 'wrong-length', match: `${base}bzip2/0.`, count: 1 },
      { kind: 'truncate', match: `${base}zstd/0.` },
    ]);
    await selectPath(page, '/blosc');
    await matrixCell(page, 0, 1, '140');
    await selectPath(page, '/bzip2');
    await matrixCell(page, 0, 1, '0.015625');
    await selectPath(page, '/zstd');
    const err = page.getByTestId('display').getByTestId('error-message');
    await expect(err).toBeVisible({ timeout: 40_000 });
    await expect(err).not.toBeEmpty();
    await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toBeEditable();
  });
});

test('rapid selection changes never leave a stale or mixed slice on screen', async ({ page }) => {
  const { url, match: base } = privateFixture('transforms/keys-lower/compression', SCOPE);
  await faultCase(base, async () => {
    await page.goto('/');
    await openUrl(page, url);
    await setFaults([{ kind: 'delay', ms: 2000, match: `${base}raw/` }]);
    await selectPath(page, '/raw');
    await selectPath(page, '/blosc');
    await selectPath(page, '/raw');
    await selectPath(page, '/blosc');
    await matrixCell(page, 0, 0, '150');
    // The slow reads of /raw finish later: they must not replace what is shown.
    await page.waitForTimeout(4500);
    expect(await cellValue(page, 0, 0)).toBe('150');
    expect(await cellValue(page, 0, 1)).toBe('140');
    await expect(page.getByTestId('display').locator('h2 code')).toHaveText('/blosc');
  });
});

test('a corrupt chunk in a dropped folder is masked and reported; the rest of the slice shows', async ({ page }) => {
  cases++;
  failures++;
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-corrupt-'));
  try {
    const root = path.join(dir, 'corrupt.zarr');
    mkdirSync(path.join(root, 'a'), { recursive: true });
    writeFileSync(path.join(root, '.zgroup'), '{"zarr_format": 2}');
    writeFileSync(
      path.join(root, 'a/.zarray'),
      JSON.stringify({
        zarr_format: 2,
        shape: [4, 4],
        chunks: [2, 2],
        dtype: '<i4',
        compressor: null,
        filters: null,
        fill_value: -1,
        order: 'C',
      }),
    );
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 2; c++) {
        const v = new Int32Array(4);
        for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) v[i * 2 + j] = (r * 2 + i) * 4 + c * 2 + j;
        const bytes = Buffer.from(v.buffer);
        writeFileSync(path.join(root, `a/${r}.${c}`), r === 1 && c === 0 ? bytes.subarray(0, 5) : bytes);
      }
    }
    await page.goto('/');
    await page.getByTestId('folder-input').setInputFiles(root);
    await selectPath(page, '/a');
    await page.getByTestId('view-matrix').click();
    await expect(page.getByRole('status').filter({ hasText: 'could not be read' })).toContainText(
      /1 chunk could not be read.*5 bytes; 16 were expected/,
    );
    await expect.poll(() => cellValue(page, 0, 0)).toBe('0');
    expect(await cellValue(page, 1, 3)).toBe('7');
    expect(await cellValue(page, 3, 3)).toBe('15');
    expect(await cellValue(page, 2, 0)).toBe(''); // masked
    expect(await cellValue(page, 3, 1)).toBe('');
    failures--;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.afterAll(() => {
  writeCounts({
    suite: 'e2e-faults',
    what: 'UI under 503/500, resets, stalls, truncated bodies, wrong Content-Length, slow reads racing newer selections, a corrupt chunk',
    cases,
    crashes: failures,
    hangs: 0,
    faultsInjected: injected,
    faultsSurvived: survived,
  });
});
