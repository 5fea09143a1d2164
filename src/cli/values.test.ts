/**
 * Values through the model + data path against the independent reader's values (`*.values.json` of
 * fixtures/index.json: zarr-python, netCDF4-python or numpy+numcodecs). Shapes must match; every element must
 * equal (NaN = NaN; int64 as exact decimal text; complex as [re, im]; null = never written, not compared).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSlice } from '../data/index';
import { findVariable } from '../model/find';
import { readDataset } from '../model/read-dataset';
import { openStoreNode } from '../opening/open-store-node';

interface Fixture {
  name: string;
  path: string;
  mode?: string;
  expected?: { values?: string };
}
interface Values {
  arrays: Record<string, { shape: number[]; values: unknown[] }>;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const manifest = path.join(root, 'fixtures/index.json');
/** Known failures outside the model and CLI, with the reason; reported, not hidden. */
const KNOWN: Record<string, string> = {};

// Every fixture with a values reference; a missing file fails its test (the fixtures are committed).
const fixtures: Fixture[] = (
  (JSON.parse(readFileSync(manifest, 'utf8')) as { datasets?: Fixture[] }).datasets ?? []
).filter((f) => f.expected?.values);

function same(got: unknown, want: unknown): boolean {
  if (want === null) return true;
  if (typeof want === 'string' && ['NaN', 'Infinity', '-Infinity'].includes(want) && typeof got === 'number') {
    return want === 'NaN' ? Number.isNaN(got) : got === Number(want);
  }
  if (typeof got === 'bigint')
    return typeof want === 'string' || typeof want === 'number' ? got === BigInt(want) : false;
  if (typeof got === 'number' && typeof want === 'number')
    return Object.is(got, want) || got === want || (Number.isNaN(got) && Number.isNaN(want));
  // The Python readers decode |S bytes as latin-1; netCDF reads them as UTF-8.
  if (typeof got === 'string' && typeof want === 'string' && got !== want)
    return got === Buffer.from(want, 'latin1').toString('utf8');
  if (typeof got === 'boolean') return got === want || (typeof want === 'number' && Number(got) === want);
  return got === want;
}

describe('values vs the independent reader', () => {
  it('has fixtures with values references', () => expect(fixtures.length).toBeGreaterThan(10));
  for (const f of fixtures) {
    const want = JSON.parse(readFileSync(path.join(root, f.expected?.values ?? ''), 'utf8')) as Values;
    const known = KNOWN[f.name];
    it.skipIf(known !== undefined)(`${f.name}${known ? ` (known: ${known})` : ''}`, async () => {
      const loc = `${path.join(root, f.path)}${f.mode ? `#mode=${f.mode}` : ''}`;
      const opened = await openStoreNode({ kind: 'local', path: loc });
      const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
      const mismatches: string[] = [];
      for (const [p, arr] of Object.entries(want.arrays)) {
        const v = findVariable(ds.root, p);
        if (!v) {
          mismatches.push(`${p}: not in the model`);
          continue;
        }
        try {
          const s = await readSlice(
            opened.store,
            v,
            v.shape.map(() => null),
            { budgetBytes: 2 ** 30 },
          );
          // netCDF scalars are rank 0; NCZarr stores them as shape [1], which the Python reader reports.
          const scalarAsOne = s.shape.length === 0 && arr.shape.length === 1 && arr.shape[0] === 1;
          if (!scalarAsOne && JSON.stringify(s.shape) !== JSON.stringify(arr.shape)) {
            mismatches.push(`${p}: shape ${JSON.stringify(s.shape)} ≠ ${JSON.stringify(arr.shape)}`);
            continue;
          }
          const data = s.data as ArrayLike<unknown>;
          const flat = s.complex ? arr.values.flatMap((x) => x as unknown[]) : arr.values;
          // Bytes of invalid UTF-8 are kept as escapes (src/text/utf8.ts); the reference has them as Latin-1.
          const bad = flat.findIndex(
            (x, i) => !same(typeof data[i] === 'string' ? bytesAsLatin1(data[i] as string) : data[i], x),
          );
          if (bad >= 0) mismatches.push(`${p}[${bad}]: ${String(data[bad])} ≠ ${JSON.stringify(flat[bad])}`);
        } catch (e) {
          mismatches.push(`${p}: ${(e as Error).message}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

function bytesAsLatin1(s: string): string {
  return s.replace(/[\udc80-\udcff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xdc00));
}
