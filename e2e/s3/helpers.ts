/** Shared steps of the S3 / zip / network specs (on top of e2e/ui/helpers.ts). */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { fixtureEntry, type ExpectedArray } from '../ui/helpers';

/** A fixture's entry in fixtures/index.json. */
export const fixture = fixtureEntry;

/** `s3://alias/bucket/<fixture path>#mode=…` (the fixture's own mode words, without the medium). */
export function aliasUrl(alias: string, bucket: string, name: string): string {
  const f = fixture(name);
  const mode = f.mode.replace(/,?(file|zip)$/, '') || 'zarr';
  return `s3://${alias}/${bucket}/${f.path}#mode=${mode}${f.path.endsWith('.zip') ? ',zip' : ''}`;
}

export interface AliasFields {
  readonly name: string;
  readonly url: string;
  readonly region?: string;
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  readonly virtualHost?: boolean;
}

/** Adds an endpoint alias through the Endpoints dialog and saves (secrets are not remembered). */
export async function addAlias(page: Page, a: AliasFields): Promise<void> {
  await page.getByTestId('endpoints-button').click();
  const dialog = page.getByTestId('endpoints-dialog');
  await dialog.getByRole('button', { name: 'Add alias' }).click();
  const set = dialog.locator('fieldset').last();
  await set.getByLabel('Alias name').fill(a.name);
  await set.getByLabel('Endpoint URL').fill(a.url);
  if (a.region) await set.getByLabel('Region').fill(a.region);
  if (a.accessKeyId) await set.getByLabel('Access key ID').fill(a.accessKeyId);
  if (a.secretAccessKey) await set.getByLabel('Secret access key').fill(a.secretAccessKey);
  if (a.virtualHost) await set.getByLabel('Virtual-host style (bucket.host)').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Changes a field of an existing alias (by its position) in the Endpoints dialog and saves. */
export async function editAlias(page: Page, index: number, label: string, value: string): Promise<void> {
  await page.getByTestId('endpoints-button').click();
  const dialog = page.getByTestId('endpoints-dialog');
  await dialog
    .locator('fieldset')
    .nth(index + 1)
    .getByLabel(label)
    .fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
}

/** Records every request of the context (pages and workers), with all headers. */
export function recordRequests(context: BrowserContext): { list: Recorded[]; settle: () => Promise<void> } {
  const list: Recorded[] = [];
  const pending: Promise<void>[] = [];
  context.on('request', (req) => {
    pending.push(
      req
        .allHeaders()
        .catch(() => req.headers())
        .then((headers) => void list.push({ url: req.url(), method: req.method(), headers })),
    );
  });
  return { list, settle: async () => void (await Promise.all(pending)) };
}

function isFill(ref: ExpectedArray, v: number | string | null): boolean {
  return v === null || String(v) === String(ref.fill_value);
}

/** The value a reference element shows as (float32 elements as float32). */
function want(ref: ExpectedArray, v: number | string | null): number | string {
  if (typeof v !== 'number') return String(v);
  return ref.dtype.endsWith('f4') ? Math.fround(v) : v;
}

/**
 * Compares every rendered cell of the matrix view with the reference values of the first 2-D (or 1-D) slice,
 * after scrolling the matrix to (top, left) pixels: each cell shows the reference value exactly, or is masked
 * (empty) where the reference holds the fill value (whether a fill value masks depends on the dialect's CF
 * rules). Returns how many cells showed a value.
 */
export async function expectMatrixMatches(
  page: Page,
  ref: ExpectedArray,
  scroll: [number, number] = [0, 0],
): Promise<number> {
  const cols = ref.shape.length >= 2 ? ref.shape[ref.shape.length - 1]! : 1;
  const matrix = page.getByTestId('matrix');
  await expect(matrix).toBeVisible({ timeout: 60_000 });
  await matrix.evaluate((el, [top, left]) => el.scrollTo(left!, top!), scroll);
  let shownValues = 0;
  await expect
    .poll(
      async () => {
        const cells = await matrix
          .locator('[data-testid^="cell-"]')
          .evaluateAll((els) =>
            els.map((e) => [e.getAttribute('data-testid') ?? '', e.getAttribute('data-value') ?? '']),
          );
        const wrong: string[] = [];
        shownValues = 0;
        for (const [id, value] of cells) {
          const [, r, c] = /^cell-(\d+)-(\d+)$/.exec(id!) ?? [];
          const v = ref.values[Number(r) * cols + Number(c)] ?? null;
          if (value === '') {
            if (!isFill(ref, v)) wrong.push(`${id}: masked, reference ${String(v)}`);
            continue;
          }
          shownValues++;
          const w = want(ref, v);
          if ((typeof w === 'number' ? Number(value) : value) !== w) wrong.push(`${id}: ${value} ≠ ${w}`);
        }
        return cells.length === 0 ? ['no cells'] : wrong;
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
  return shownValues;
}

/** Requests the static server logged for paths containing `part`, from entry `from` on. */
export async function staticLog(
  part: string,
  from = 0,
): Promise<
  { path: string; method: string; range: string | null; status: number; bytes: number; fault: string | null }[]
> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as {
    path: string;
    method: string;
    range: string | null;
    status: number;
    bytes: number;
    fault: string | null;
  }[];
  return log.slice(from).filter((e) => e.path.includes(part));
}

/** The number of entries in the static server's log (a mark to read later entries from). */
export async function staticLogLength(): Promise<number> {
  return ((await (await fetch(`${STATIC_URL}/__control/log`)).json()) as unknown[]).length;
}

/** Sets this spec's fault scope on the static server. */
export async function setFaults(scope: string, faults: unknown[], seed = 1): Promise<void> {
  const res = await fetch(`${STATIC_URL}/__control/config?scope=${scope}`, {
    method: 'POST',
    body: JSON.stringify({ latencyMs: 0, faults, seed }),
  });
  expect(res.ok).toBe(true);
}

/** Clears this spec's fault scope. */
export async function clearFaults(scope: string): Promise<void> {
  await fetch(`${STATIC_URL}/__control/reset?scope=${scope}`, { method: 'POST', body: '{}' });
}
