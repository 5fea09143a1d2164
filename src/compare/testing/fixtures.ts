/** The comparison fixtures (fixtures/compare, written by scripts/fixtures/make-compare*.py) opened as the viewer opens them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DimSelection } from '../../api';
import { decodeSlice, defaultFillFor } from '../../cf';
import { textAttribute } from '../../cf/attributes';
import { createDataContext } from '../../data';
import { openDataset, type Dataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';

const here = path.dirname(new URL(import.meta.url).pathname);
export const FIXTURES = path.resolve(here, '../../../fixtures/compare');

const context = createDataContext({ workers: false });

/** Opens `fixtures/compare/<name>` with the core's `openDataset`, from the file system. */
export function openFixture(name: string): Promise<Dataset> {
  return openDataset({ kind: 'local', path: path.join(FIXTURES, name) }, { openStore: openStoreNode, context });
}

/** A JSON file of `fixtures/compare/expected/`. */
export function expected<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, 'expected', name), 'utf8')) as T;
}

/** A slice read and CF-decoded as the viewer shows it, with its raw values. */
export async function readDecoded(ds: Dataset, variable: string, selection: readonly DimSelection[]) {
  const slice = await ds.read(variable, selection);
  const decoded = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
  return { ...decoded, raw: slice.data, units: textAttribute(slice.variable.attributes, 'units') };
}

/** Float64 values with NaN for JSON's null. */
export const fromJson = (values: readonly (number | null)[]) =>
  Float64Array.from(values, (v) => (v === null ? NaN : v));

/** Whether `got` is within float32 precision of `want` (a few units in the last place of a float32 of that size). */
export function closeF32(got: number, want: number): boolean {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  return Math.abs(got - want) <= 4 * 2 ** -23 * Math.max(Math.abs(want), 1e-30);
}
