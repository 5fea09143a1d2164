/**
 * Zarr v2 structured dtypes (numpy records) read as netCDF-4 compounds, against zarr-python's own reading
 * (fixtures/zarr-python-structured/expected.json, written by scripts/fixtures/make-zarr-structured.py), and an
 * array nothing here reads costing itself only (`isolation.zarr`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDtype } from '../codecs/dtype';
import type { RecordLayout, RecordScalar } from '../codecs/records';
import { readSlice } from '../data/index';
import { findVariable } from '../model/find';
import { readDataset } from '../model/read-dataset';
import type { UserValue, Variable } from '../model/types';
import { parseUserValue } from '../model/user-types';
import { openStoreNode } from '../opening/open-store-node';
import { main } from './main';
import { capture } from './testing/capture';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dir = path.join(root, 'fixtures/zarr-python-structured');

interface Expected {
  stores: Record<string, Record<string, { shape?: number[]; values?: unknown[]; error?: string }>>;
}
const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;

/** Arrays zarr-python reads and this viewer cannot, and what must be said instead of their values. */
const UNREADABLE: Record<string, RegExp> = {
  'isolation.zarr/base64_codec': /codec "base64" is not supported/,
  'isolation.zarr/pickled': /unsupported dtype "\|O"/,
};

const HEX = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).toUpperCase().padStart(2, '0')).join('');
const items = (v: UserValue): readonly UserValue[] => (Array.isArray(v) ? (v as readonly UserValue[]) : []);

function number(x: UserValue): unknown {
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number' && !Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity';
  return x;
}

/** One element of field type `t` in the reference's form (see make-zarr-structured.py). */
function element(t: RecordScalar, x: UserValue): unknown {
  switch (t.kind) {
    case 'record':
      return record(t.layout, x);
    case 'complex':
      return items(x).map(number);
    case 'void':
      return x instanceof Uint8Array ? HEX(x) : x;
    case 'unicode':
      return x;
    case 'bytes':
      return (t.size === 1 ? String(x) : items(x).join('')).replace(/\0+$/, '');
    default:
      return number(x);
  }
}

function record(layout: RecordLayout, v: UserValue): unknown[] {
  return layout.fields.map((f, i) => {
    const x = items(v)[i] ?? null;
    if (f.shape.length === 0) return element(f.type, x);
    const chars = f.type.kind === 'bytes' && f.type.size > 1 ? f.type.size : 1;
    const all = items(x);
    const out: unknown[] = [];
    for (let k = 0; k < all.length; k += chars)
      out.push(element(f.type, chars === 1 ? (all[k] ?? null) : all.slice(k, k + chars)));
    return out;
  });
}

/** The elements of a variable's slice in the reference's form. */
function asReference(v: Variable, data: ArrayLike<unknown>): unknown[] {
  const layout = parseDtype(v.dtype).record;
  return Array.from(data, (x) =>
    layout && v.userType ? record(layout, parseUserValue(String(x), v.userType)) : number(x as UserValue),
  );
}

async function open(store: string) {
  const opened = await openStoreNode({ kind: 'local', path: path.join(dir, store) });
  const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
  return { store: opened.store, ds };
}

afterEach(() => vi.restoreAllMocks());

describe('structured dtypes vs zarr-python', () => {
  for (const [store, arrays] of Object.entries(expected.stores)) {
    it(store, async () => {
      const { store: s, ds } = await open(store);
      const mismatches: string[] = [];
      for (const [p, want] of Object.entries(arrays)) {
        const unreadable = UNREADABLE[`${store}${p}`];
        const v = findVariable(ds.root, p);
        if (unreadable) {
          // Named as a problem of the dataset, or as the read's error: never values made up.
          const read = v
            ? await readSlice(
                s,
                v,
                v.shape.map(() => null),
              ).then(
                () => '',
                (e: Error) => e.message,
              )
            : '';
          const said = [...ds.problems.map((x) => x.message), read].join('\n');
          if (!unreadable.test(said)) mismatches.push(`${p}: not named as unreadable (${said})`);
          continue;
        }
        if (!v || !want.values) {
          mismatches.push(`${p}: ${v ? want.error : 'not in the model'}`);
          continue;
        }
        const slice = await readSlice(
          s,
          v,
          v.shape.map(() => null),
        );
        const got = asReference(v, slice.data as ArrayLike<unknown>);
        const bad = want.values.findIndex((x, i) => x !== null && JSON.stringify(got[i]) !== JSON.stringify(x));
        if (JSON.stringify(slice.shape) !== JSON.stringify(want.shape)) mismatches.push(`${p}: shape ${slice.shape}`);
        else if (bad >= 0)
          mismatches.push(`${p}[${bad}]: ${JSON.stringify(got[bad])} ≠ ${JSON.stringify(want.values[bad])}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("names the anonymous types as netcdf-c names a file's: arrays' own types first, then their parts", async () => {
    const { ds } = await open('records.zarr');
    const named = (t: { name: string; fields?: readonly { type: unknown }[] }) => t.name;
    // Arrays in order (bigendian, filled, flat, forder = nested = scalar, padded, strings); the parts of flat
    // (complex64, complex128) and of forder (pos, hist) after them, each defined just before its user.
    expect((ds.root.types ?? []).map(named)).toEqual(
      [1, 2, 7, 8, 3, 9, 10, 4, 5, 6].map((n) => `_AnonymousCompound${n}`),
    );
    const nested = findVariable(ds.root, '/nested');
    expect(findVariable(ds.root, '/forder')?.userType).toBe(nested?.userType);
    expect(findVariable(ds.root, '/scalar')?.userType).toBe(nested?.userType);
    const t = nested?.userType;
    if (t?.kind !== 'compound') throw new Error('not a compound');
    expect(t.fields.map((f) => [f.name, typeof f.type === 'string' ? f.type : f.type.name, f.dims])).toEqual([
      ['id', 'int', []],
      ['pos', '_AnonymousCompound9', []],
      ['hist', '_AnonymousCompound10', [2]],
    ]);
    const anndata = await open('anndata.zarr');
    const uns = anndata.ds.root.groups.find((g) => g.name === 'uns');
    expect(uns?.types?.map((x) => x.name)).toEqual(['_AnonymousCompound1']);
  });
});

describe('an array nothing here reads costs itself only', () => {
  it('zarrview dump prints the rest, names each problem, exits 1', async () => {
    const c = capture();
    expect(await main(['dump', '--debug', path.join(dir, 'isolation.zarr')])).toBe(1);
    const out = c.out.join('');
    expect(out).toMatch(/^netcdf isolation \{/);
    expect(out).toContain('float base64_codec(k) ;');
    expect(out).toContain(' readable = 0, 1, 2, 3, 4, 5 ;');
    expect(out).toContain(' records = {"a", {"one"}, "1", {"x", "y"}}, {"b", {"two"}, "2", {"z", ""}} ;');
    expect(out.trimEnd().endsWith('}')).toBe(true);
    const err = c.err.join('');
    expect(err).toMatch(/^zarrview: .*\(and 1 more problem\)$/m);
    expect(err).toMatch(/pickled\/\.zarray: unsupported dtype/);
    expect(err).toMatch(/\/base64_codec: The codec "base64" is not supported/);
  });
});
