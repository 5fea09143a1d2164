/**
 * Compound members as the viewer offers them, on files netcdf-c's ncgen wrote (fixtures/netcdf4-usertypes/); the
 * expected values are those ncdump main printed for the same files (`<name>.full.cdl` beside them).
 */
import { describe, expect, it } from 'vitest';
import { valueEquals, type UserType, type UserValue } from '../core';
import {
  compoundLayout,
  fieldNumbers,
  fieldValue,
  findField,
  MAX_ARRAY_ELEMENTS,
  parsedElements,
  type CompoundType,
} from './compound-fields';
import { readFixture } from './testing/open-fixture';

const compound = (t: UserType | undefined): CompoundType => {
  if (t?.kind !== 'compound') throw new Error('not a compound');
  return t;
};

async function elements(file: string, path: string) {
  const { variable, slice } = await readFixture(file, path);
  const t = compound(variable.userType);
  const fillAtt = variable.attributes.find((a) => a.name === '_FillValue');
  const fill = fillAtt?.type === 'user' ? fillAtt.value[0] : undefined;
  const isFill = (v: UserValue) => fill !== undefined && valueEquals(t, fill, v);
  return { t, layout: compoundLayout(t), values: parsedElements(slice.data as readonly string[], t), isFill };
}

const shown = (r: { values: Float64Array; mask: Uint8Array | null }) =>
  Array.from(r.values, (v, i) => (r.mask?.[i] ? '_' : v));

describe('compound members', () => {
  it('ref_tst_comp: every atomic member is numeric; the fill record is masked', async () => {
    const { layout, values, isFill } = await elements('ref_tst_comp', '/obs');
    expect(layout.numeric.map((f) => f.key)).toEqual([
      'day',
      'elev',
      'count',
      'relhum',
      'time',
      'category',
      'id',
      'particularity',
      'attention_span',
    ]);
    expect(layout.text).toEqual([]);
    // ncdump: obs = {15, 2, 1, 0.5, 3600.01, 0, 0, 0, 0}, _, {20, 6, 3, 0.75, 5000.01, 200, 64000, 4220002000, 9e18}
    const field = (k: string) => shown(fieldNumbers(values, findField(layout, k)!, isFill));
    expect(field('relhum')).toEqual([0.5, '_', 0.75]);
    expect(field('day')).toEqual([15, '_', 20]);
    expect(field('time')).toEqual([3600.01, '_', 5000.01]);
    expect(field('particularity')).toEqual([0, '_', 4220002000]);
    expect(field('attention_span')).toEqual([0, '_', 9000000000000000000]);
    // Without the fill test the fill record's own numbers show.
    expect(shown(fieldNumbers(values, findField(layout, 'elev')!))).toEqual([2, -99, 6]);
  });

  it('ref_tst_compounds2: nested compounds flattened as outer.inner, array members per element', async () => {
    const { layout, values } = await elements('ref_tst_compounds2', '/phony_compound_var');
    expect(layout.numeric.map((f) => f.key)).toEqual([
      'xx.i',
      'xx.j',
      'yy.x',
      'yy.y[0,0]',
      'yy.y[0,1]',
      'yy.y[1,0]',
      'yy.y[1,1]',
      'yy.y[2,0]',
      'yy.y[2,1]',
    ]);
    // ncdump: {{20000, 300000}, {100000, {-100000.028899567, -100000, -100000, -100000, -100000, -100000}}}
    const one = (k: string) => fieldNumbers(values, findField(layout, k)!).values[0];
    expect(one('xx.i')).toBe(20000);
    expect(one('xx.j')).toBe(300000);
    expect(one('yy.x')).toBe(100000);
    expect(one('yy.y[0,0]')).toBeCloseTo(-100000.028899567, 8);
    expect(one('yy.y[2,1]')).toBe(-100000);
  });

  it('ref_tst_comp2: char members are text, short and float arrays numeric per element', async () => {
    const { layout, values, isFill } = await elements('ref_tst_comp2', '/obs');
    expect(layout.text.map((f) => f.key)).toEqual(['day', 'mnth']);
    expect(layout.numeric.map((f) => f.key)).toEqual([
      'vect[0]',
      'vect[1]',
      'vect[2]',
      'matr[0,0]',
      'matr[0,1]',
      'matr[0,2]',
      'matr[1,0]',
      'matr[1,1]',
      'matr[1,2]',
    ]);
    // ncdump: {"S", {"jan"}, {1, 2, 3}, {4, 5, 6, 7, 8, 9}}, {"M", …, {11, 12, 13}, {4.25, …}}, {"T", …, {21, 22, 23}, …}
    expect(shown(fieldNumbers(values, findField(layout, 'vect[1]')!, isFill))).toEqual([2, 12, 22]);
    expect(shown(fieldNumbers(values, findField(layout, 'matr[1,2]')!, isFill))).toEqual([9, 9.25, 9.5]);
    expect(values.map((v) => fieldValue(v, findField(layout, 'day')!))).toEqual(['S', 'M', 'T']);
  });

  it('usertypes-mix: enum members are numeric; strings and char arrays text', async () => {
    const { layout, values } = await elements('usertypes-mix', '/r');
    expect(layout.numeric.map((f) => f.key)).toEqual(['lev', 'vals[0]', 'vals[1]']);
    expect(layout.text.map((f) => f.key)).toEqual(['name', 'tag']);
    // ncdump: {"alpha", low, {1, 2}, …}, {"beta\ttab", high, {NaNf, -Infinityf}, …}, {"gamma \"q\"", very high, …}
    expect(shown(fieldNumbers(values, findField(layout, 'lev')!))).toEqual([-1, 1, 300]);
    expect(shown(fieldNumbers(values, findField(layout, 'vals[1]')!))).toEqual([2, -Infinity, expect.closeTo(0.2, 7)]);
    expect(Number.isNaN(fieldNumbers(values, findField(layout, 'vals[0]')!).values[1])).toBe(true);
  });

  it('leaves big array members out of the numeric ones, with a note', () => {
    const t: CompoundType = {
      kind: 'compound',
      name: 'big_t',
      path: '/big_t',
      size: 8 * (MAX_ARRAY_ELEMENTS + 1),
      fields: [{ name: 'v', offset: 0, type: 'double', dims: [MAX_ARRAY_ELEMENTS + 1] }],
    };
    const layout = compoundLayout(t);
    expect(layout.numeric).toEqual([]);
    expect(layout.text.map((f) => f.key)).toEqual(['v']);
    expect(layout.notes).toEqual([
      `v(${MAX_ARRAY_ELEMENTS + 1}) has ${MAX_ARRAY_ELEMENTS + 1} elements: shown as text only.`,
    ]);
  });

  it('parses a slice once and masks elements never written', () => {
    const t: CompoundType = {
      kind: 'compound',
      name: 'p',
      path: '/p',
      size: 8,
      fields: [{ name: 'x', offset: 0, type: 'int', dims: [] }],
    };
    const texts = ['[1]', '', '[3]'];
    const a = parsedElements(texts, t);
    expect(parsedElements(texts, t)).toBe(a);
    expect(shown(fieldNumbers(a, compoundLayout(t).numeric[0]!))).toEqual([1, '_', 3]);
  });
});
