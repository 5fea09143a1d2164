import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DimSelection } from '../api';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { CountingStore, type ExpectedArray, comparable, variableFromFolder } from './testing/variable';
import { seededRng as rng } from '../testing/seeded-rng';

const ROOT = join(import.meta.dirname, 'testdata', 'v2.zarr');
const expected = JSON.parse(readFileSync(join(import.meta.dirname, 'testdata', 'expected.json'), 'utf8')) as Record<
  string,
  ExpectedArray
>;

/** The naive reader: index arithmetic over the whole array's values as zarr-python read them. */
function naive(exp: ExpectedArray, sel: DimSelection[]): { shape: number[]; values: unknown[] } {
  const per = exp.shape.map((n, d) => {
    const s = sel[d] ?? null;
    if (typeof s === 'number') return { idx: [s < 0 ? s + n : s], keep: false };
    if (s === null) return { idx: Array.from({ length: n }, (_, i) => i), keep: true };
    const idx: number[] = [];
    for (let i = Math.max(0, s.start); i < Math.min(n, s.stop); i += s.step ?? 1) idx.push(i);
    return { idx, keep: true };
  });
  const values: unknown[] = [];
  const rec = (d: number, off: number) => {
    if (d === exp.shape.length) return void values.push(exp.values[off]);
    const stride = exp.shape.slice(d + 1).reduce((a, b) => a * b, 1);
    for (const i of (per[d] as { idx: number[] }).idx) rec(d + 1, off + i * stride);
  };
  rec(0, 0);
  return { shape: per.filter((p) => p.keep).map((p) => p.idx.length), values };
}

function randomSelection(shape: readonly number[], r: () => number): DimSelection[] {
  return shape.map((n) => {
    const k = r();
    if (k < 0.25) return Math.floor(r() * n) - (r() < 0.2 ? n : 0);
    if (k < 0.4) return null;
    const a = Math.floor(r() * n);
    const b = Math.floor(r() * (n + 1));
    return { start: Math.min(a, b), stop: Math.max(a, b) + 1, step: 1 + Math.floor(r() * 3) };
  });
}

describe('random selections equal a naive whole-array reader (seeded)', () => {
  const arrays = [
    'forder_3d',
    'blosc_lz4',
    'ints_edge',
    'complex64',
    'missing',
    'unicode_u3',
    'big_i2',
    'forder',
    'delta_i8',
  ];
  for (const name of arrays) {
    it(name, async () => {
      const exp = expected[name] as ExpectedArray;
      const v = variableFromFolder(ROOT, name);
      const ctx = createDataContext({ workers: false, cacheBytes: 4096 });
      const r = rng(1234 + name.length);
      for (let trial = 0; trial < 40; trial++) {
        const sel = randomSelection(exp.shape, r);
        const ref = naive(exp, sel);
        const got = await readSlice(new CountingStore(ROOT), v, sel, { context: ctx, budgetBytes: 1e8 });
        expect(got.shape, JSON.stringify(sel)).toEqual(ref.shape);
        const flat = Array.from(got.data as ArrayLike<unknown>, comparable);
        const values = got.complex ? flat.flatMap((x, i) => (i % 2 ? [] : [[x, flat[i + 1]]])) : flat;
        expect(values, JSON.stringify(sel)).toEqual(ref.values);
      }
    });
  }
});
