/**
 * What the Icechunk specs (icechunk*.spec.ts) share: the official library's account of fixtures/icechunk/
 * (expected.json: each repository's branches, tags, ancestry and every snapshot's arrays and values), spec2's
 * address over s3rver, and a step that plots a variable and compares its matrix with the library's values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { BUCKET, S3_URL } from '../harness/ports';
import { ROOT, type ExpectedArray, selectPath } from '../ui/helpers';
import { expectMatrixMatches } from './helpers';

interface LibraryArray {
  dtype: string;
  shape: number[];
  chunks: number[];
  fill_value: unknown;
  values: (number | string | null)[];
}
interface Snapshot {
  id: string;
  message: string;
  arrays: Record<string, { zarrJson: Record<string, unknown>; values: LibraryArray }>;
}
export interface Repository {
  specVersion: number;
  branches: Record<string, string>;
  tags: Record<string, string>;
  ancestry: Record<string, { id: string; message: string }[]>;
  snapshots: Record<string, Snapshot>;
}

const EXPECTED = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/icechunk/expected.json'), 'utf8')) as {
  repositories: Record<'spec1' | 'spec2', Repository>;
};
export const SPEC1 = EXPECTED.repositories.spec1;
export const SPEC2 = EXPECTED.repositories.spec2;

/** spec2 over s3rver, path style; no `#mode=icechunk`: found because the folder holds no Zarr metadata. */
export const S3_REPO = `${S3_URL}/${BUCKET}/fixtures/icechunk/spec2#mode=s3`;

const NUMPY: Record<string, string> = { float32: '<f4', float64: '<f8', int16: '<i2', uint8: '|u1' };

/** The library's values of an array at a snapshot, as the matrix helper takes them (`slice`: along axis 0). */
export function values(repo: Repository, snapshot: string, array: string, slice?: number): ExpectedArray {
  const a = repo.snapshots[snapshot]?.arrays[array]?.values;
  if (!a) throw new Error(`expected.json has no ${array} at snapshot ${snapshot}`);
  const dtype = NUMPY[a.dtype] ?? a.dtype;
  if (slice === undefined) return { dtype, shape: a.shape, fill_value: a.fill_value, values: a.values };
  const n = a.shape.slice(1).reduce((x, y) => x * y, 1);
  return {
    dtype,
    shape: a.shape.slice(1),
    fill_value: a.fill_value,
    values: a.values.slice(slice * n, (slice + 1) * n),
  };
}

/** Selects a variable, plots it (heatmap, or line for 1-D), shows the matrix and compares it with `ref`. */
export async function plotAndCompare(page: Page, variable: string, ref: ExpectedArray): Promise<void> {
  await selectPath(page, variable);
  const [view, plot] = ref.shape.length >= 2 ? ['view-heatmap', 'heatmap'] : ['view-line', 'line-plot'];
  await page.getByTestId(view).click(); // the view chosen for the previous variable may stay
  await expect(page.getByTestId(plot)).toHaveAttribute('data-rendered', /\d+/);
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, ref)).toBeGreaterThan(3);
}
