/**
 * Test helpers of the reference fixtures (fixtures/refs/, written by scripts/fixtures/make-refs.py): the
 * reference documents, their expected values (zarr-python through fsspec's ReferenceFileSystem), and every
 * variable of an opened dataset compared with them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { comparable } from '../../data/testing/variable';
import { findVariable, readDataset } from '../../model/index';
import type { Store } from '../../store/types';

export const REFS = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'refs');

/** The reference documents (`nc4.v1`, …) that have expected values. */
export const DOCS: readonly string[] = readdirSync(REFS)
  .filter((f) => f.endsWith('.values.json'))
  .map((f) => f.slice(0, -'.values.json'.length))
  .sort();

/** The Parquet reference folders and the JSON references they were written from (their expected values). */
export const PARQUET: Readonly<Record<string, string>> = {
  'nc4.parq': 'nc4.v1',
  'nc3.parq': 'nc3.v0',
  'zarr.parq': 'zarr.v0',
};

interface Expected {
  arrays: Record<string, { shape: number[]; values: unknown[] }>;
}

export function expected(doc: string): Expected {
  return JSON.parse(readFileSync(join(REFS, `${doc}.values.json`), 'utf8')) as Expected;
}

const ctx = createDataContext({ workers: false });

/** Every expected array of `doc` read from `store`: the differences, as lines (empty when all agree). */
export async function compareValues(store: Store, doc: string): Promise<string[]> {
  doc = PARQUET[doc] ?? doc;
  const ds = await readDataset(store, { name: doc });
  const problems: string[] = [];
  for (const [path, exp] of Object.entries(expected(doc).arrays)) {
    const v = findVariable(ds.root, path);
    if (!v) {
      problems.push(`${path}: not in the model`);
      continue;
    }
    try {
      const s = await readSlice(store, v, [], { context: ctx });
      const got = Array.from(s.data as ArrayLike<unknown>, comparable);
      const want = exp.values.map((x, i) => (x === null ? got[i] : x));
      if (s.failedChunks?.length) problems.push(`${path}: failed chunks ${JSON.stringify(s.failedChunks)}`);
      else if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(`${path}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    } catch (err) {
      problems.push(`${path}: ${(err as Error).message}`);
    }
  }
  return problems;
}
