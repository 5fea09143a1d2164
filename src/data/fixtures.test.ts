import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVariable, readDataset } from '../model';
import { NodeFolderStore } from '../store/node-folder-store';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { comparable } from './testing/variable';

// The project's committed fixtures (netcdf-c, zarr-python, xarray writers) read through the model readers, each
// array's values compared with the writer-side reference dump (fixtures/expected/*.values.json).
const REPO = join(import.meta.dirname, '..', '..');
const INDEX = join(REPO, 'fixtures', 'index.json');
interface Entry {
  name: string;
  path: string;
  mode: string;
  expected: { values?: string };
}
// Every non-zip fixture with a values reference; a missing dataset fails its test (the fixtures are committed).
const entries = (JSON.parse(readFileSync(INDEX, 'utf8')) as { datasets: Entry[] }).datasets.filter(
  (d) => d.expected.values && !d.path.endsWith('.zip'),
);

function utf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function norm(values: ArrayLike<unknown>, complex: boolean): unknown[] {
  const flat = Array.from(values, comparable);
  return complex ? flat.flatMap((x, i) => (i % 2 ? [] : [[x, flat[i + 1]]])) : flat;
}

describe('fixture values through the model readers and readSlice', () => {
  it('has fixtures', () => expect(entries.length).toBeGreaterThan(10));
  const ctx = createDataContext({ workers: false });
  for (const e of entries) {
    it(e.name, async () => {
      const ref = JSON.parse(readFileSync(join(REPO, e.expected.values as string), 'utf8')) as {
        arrays: Record<string, { shape: number[]; values: unknown[] }>;
      };
      const store = new NodeFolderStore(join(REPO, e.path));
      const ds = await readDataset(store);
      const problems: string[] = [];
      for (const [path, exp] of Object.entries(ref.arrays)) {
        const v = findVariable(ds.root, path);
        if (!v) continue; // arrays the model shows otherwise (e.g. dimension-less helpers) are the readers' tests
        try {
          const s = await readSlice(store, v, [], { context: ctx });
          // Bytes of invalid UTF-8 are kept as escapes (src/text/utf8.ts); the reference has them as Latin-1.
          const got = norm(s.data as ArrayLike<unknown>, s.complex === true).map((x) =>
            typeof x === 'string'
              ? x.replace(/[\udc80-\udcff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xdc00))
              : x,
          );
          // null: zarr-python leaves the value unspecified (missing chunk, no fill value), so anything matches.
          // A string dumped as Latin-1 text of UTF-8 bytes (|S written by netcdf-c) is compared as UTF-8.
          const want = exp.values.map((x, i) =>
            x === null ? got[i] : typeof x === 'string' && got[i] !== x ? utf8(x) : x,
          );
          if (s.failedChunks?.length) problems.push(`${path}: failed chunks ${JSON.stringify(s.failedChunks)}`);
          else if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${path}: values differ (${v.dtype})`);
        } catch (err) {
          problems.push(`${path}: ${(err as Error).message}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
