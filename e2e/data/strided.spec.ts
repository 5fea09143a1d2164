/**
 * A selection over the memory budget is refused before anything is fetched, with the offer of a strided read
 * (every k-th element) for plotting; taking it shows the thinned slice with the right values.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { LogEntry } from '../harness/static-server';
import { STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, openUrl, selectPath } from '../ui/helpers';

// One 2-D slice of `big` is 20000 x 16000 uint8 = 305 MB, over the default 256 MB budget. Only chunk (0, 0, 0)
// exists (values 1 + (7y + x) mod 250); the others are missing and read as the fill value 0 (masked).
const SHAPE = [2, 20000, 16000];
const CHUNKS = [1, 2000, 2000];
const value = (y: number, x: number) => 1 + ((7 * y + x) % 250);
// The stride the app offers: the smallest k with ceil(20000/k) * ceil(16000/k) <= 1,000,000 (plot size).
const K = 18;

function writeBig(): string {
  const rel = 'test-results/data-fixtures/big.zarr';
  const dir = path.join(ROOT, rel);
  const zarray = {
    zarr_format: 2,
    shape: SHAPE,
    chunks: CHUNKS,
    dtype: '|u1',
    compressor: null,
    filters: null,
    fill_value: 0,
    order: 'C',
  };
  const zattrs = { _ARRAY_DIMENSIONS: ['time', 'y', 'x'] };
  mkdirSync(path.join(dir, 'big'), { recursive: true });
  writeFileSync(path.join(dir, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
  writeFileSync(path.join(dir, 'big/.zarray'), JSON.stringify(zarray));
  writeFileSync(path.join(dir, 'big/.zattrs'), JSON.stringify(zattrs));
  const chunk = new Uint8Array(2000 * 2000);
  for (let y = 0; y < 2000; y++) for (let x = 0; x < 2000; x++) chunk[y * 2000 + x] = value(y, x);
  writeFileSync(path.join(dir, 'big/0.0.0'), chunk);
  const metadata = { '.zgroup': { zarr_format: 2 }, 'big/.zarray': zarray, 'big/.zattrs': zattrs };
  writeFileSync(path.join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata }));
  return `/${rel}`;
}

async function chunkRequests(prefix: string): Promise<number> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as LogEntry[];
  return log.filter((e) => e.path.startsWith(prefix) && /\/\d+\.\d+\.\d+$/.test(e.path)).length;
}

test('over budget: refused before fetching, then a strided read on request shows every k-th element', async ({
  page,
}) => {
  const root = writeBig();
  const prefix = `${root}/big/`;
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}${root}#mode=zarr`);
  await selectPath(page, '/big');
  // The heatmap of a slice this big reads by viewport (nothing at full view: its chunks are over the budget); the
  // matrix reads whole slices.
  await expect(page.getByTestId('viewport-cost')).toContainText('zoom in');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('error-message')).toContainText('memory budget');
  expect(await chunkRequests(prefix)).toBe(0);
  const offer = page.getByTestId('read-strided');
  await expect(offer).toHaveText(`Plot every ${K}-th element (stride ${K})`);
  await offer.click();
  await expect(page.getByTestId('stride-note')).toContainText(`every ${K}-th element`);
  await expect(page.getByTestId('error')).toHaveCount(0);
  const matrix = page.getByTestId('matrix');
  await expect(matrix).toHaveAttribute('aria-rowcount', String(Math.ceil(20000 / K) + 1));
  await expect(matrix).toHaveAttribute('aria-colcount', String(Math.ceil(16000 / K) + 1));
  // Cell (r, c) is element (r * K, c * K) of the variable at time 0.
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [5, 3],
    [10, 7],
  ] as const) {
    expect(await cellValue(page, r, c), `cell ${r},${c}`).toBe(String(value(r * K, c * K)));
  }
  await expect(page.getByRole('rowheader').nth(1)).toHaveText(String(K));
  // Rows past the first chunk row (y >= 2000) come from missing chunks: masked.
  const firstMissing = Math.ceil(2000 / K);
  await matrix.evaluate((el, row) => (el.scrollTop = row * 26), firstMissing);
  await expect(page.getByTestId(`cell-${firstMissing}-0`)).toHaveAttribute('data-value', '');
  expect(await cellValue(page, firstMissing - 1, 0)).toBe(String(value((firstMissing - 1) * K, 0)));
});
