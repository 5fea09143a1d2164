import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SliceData } from '../api';
import type { ValueType } from '../model/types';
import { decodeData, decodeSlice, defaultFillFor, encodeValue, planDecoding, valueRange } from './decode';
import { attributesFromJson, makeVariable, type JsonAttribute } from './testing/variable';

interface Reference {
  values: (number | string | null)[];
  dtype: string;
}
interface PackingCase {
  name: string;
  dtype: string;
  type: ValueType;
  attributes: JsonAttribute[];
  raw: (number | string)[];
  netcdf4: Reference;
  xarray: Reference;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/cf/packing-cases.json', import.meta.url), 'utf8')) as {
  cases: PackingCase[];
};

const ARRAYS: Record<string, (v: (number | string)[]) => SliceData> = {
  i1: (v) => Int8Array.from(v, Number),
  u1: (v) => Uint8Array.from(v, Number),
  i2: (v) => Int16Array.from(v, Number),
  u2: (v) => Uint16Array.from(v, Number),
  i4: (v) => Int32Array.from(v, Number),
  u4: (v) => Uint32Array.from(v, Number),
  i8: (v) => BigInt64Array.from(v, (x) => BigInt(x)),
  u8: (v) => BigUint64Array.from(v, (x) => BigInt(x)),
  f4: (v) => Float32Array.from(v, Number),
  f8: (v) => Float64Array.from(v, Number),
};

// Deliberate differences of `cf` mode from netCDF4-python 1.6.2, which ignores `_Unsigned = "false"`: CF mode
// applies it (as xarray and netCDF-Java do), so these cases are checked against xarray's values (not its dtype).
const CF_FOLLOWS_XARRAY = new Set(['ubyte_unsigned_false', 'ushort_unsigned_false_fill']);

function compare(c: PackingCase, mode: 'cf' | 'xarray'): string[] {
  const deviation = mode === 'cf' && CF_FOLLOWS_XARRAY.has(c.name);
  const ref = mode === 'cf' && !deviation ? c.netcdf4 : c.xarray;
  const variable = makeVariable({ type: c.type, attributes: attributesFromJson(c.attributes) });
  const data = ARRAYS[c.dtype]!(c.raw);
  const before = Array.from(data as ArrayLike<number | bigint>);
  const plan = planDecoding(variable, { mode, defaultFill: mode === 'cf' ? 'netcdf' : 'none' });
  const out = decodeData(data, plan);
  const errors: string[] = [];
  if (Array.from(data as ArrayLike<number | bigint>).some((v, i) => !Object.is(v, before[i])))
    errors.push('input modified');
  if (!deviation && plan.resultType !== ref.dtype) errors.push(`type ${plan.resultType} ≠ ${ref.dtype}`);
  ref.values.forEach((expected, i) => {
    const got = out.values[i];
    const masked = mode === 'cf' && !deviation ? out.mask[i] === 1 : Number.isNaN(got);
    if (expected === null) {
      if (!masked) errors.push(`[${i}] ${got} should be masked`);
    } else if (masked || got !== Number(expected)) {
      errors.push(`[${i}] ${masked ? 'masked' : got} ≠ ${expected}`);
    }
  });
  return errors.map((e) => `${c.name} (${mode}): ${e}`);
}

describe('packing and masking match the reference decoders', () => {
  it('has the reference cases', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(25);
  });
  for (const c of fixture.cases) {
    it(`${c.name}: netCDF4-python auto mask/scale`, () => expect(compare(c, 'cf')).toEqual([]));
    it(`${c.name}: xarray decode_cf`, () => expect(compare(c, 'xarray')).toEqual([]));
  }
});

describe('decode options', () => {
  const shortVar = (fillValue: number | null, zarrFormat: 2 | 3 = 2) =>
    makeVariable({
      type: 'short',
      fillValue,
      zarrFormat,
      attributes: [{ name: 'scale_factor', type: 'float', value: [2] }],
    });

  it('uses the Zarr fill_value as xarray does for v2, not for v3', () => {
    const data = Int16Array.from([0, 5, 7]);
    expect(Array.from(decodeData(data, planDecoding(shortVar(5))).mask)).toEqual([0, 1, 0]);
    expect(Array.from(decodeData(data, planDecoding(shortVar(5, 3))).mask)).toEqual([0, 0, 0]);
  });

  it('picks the default fill policy from the dialect', () => {
    expect(defaultFillFor({ zarrFormat: 2, nczarr: 'attributes', xarray: false, consolidated: false })).toBe('netcdf');
    expect(defaultFillFor({ zarrFormat: 3, nczarr: null, xarray: true, consolidated: false })).toBe('none');
    expect(defaultFillFor({ zarrFormat: 2, nczarr: null, xarray: true, consolidated: true })).toBe('zarr');
    expect(defaultFillFor({ zarrFormat: 2, nczarr: null, xarray: false, consolidated: false })).toBe('none');
  });

  it('can skip masking or scaling', () => {
    const data = Int16Array.from([0, 5, 7]);
    const noMask = decodeData(data, planDecoding(shortVar(5), { mask: false }));
    expect(Array.from(noMask.values)).toEqual([0, 10, 14]);
    const noScale = decodeData(data, planDecoding(shortVar(5), { scale: false }));
    expect(Array.from(noScale.values)).toEqual([0, NaN, 7]);
  });

  it('turns unsigned data signed with _Unsigned = "false"', () => {
    const v = makeVariable({ type: 'ubyte', attributes: [{ name: '_Unsigned', type: 'char', value: 'false' }] });
    expect(Array.from(decodeData(Uint8Array.from([1, 255, 128]), planDecoding(v)).values)).toEqual([1, -1, -128]);
  });

  it('refuses text and complex data', () => {
    const v = makeVariable({ type: 'string' });
    expect(() => planDecoding(v)).toThrow(/no numeric decoding/);
    const f = makeVariable({ type: 'float' });
    expect(() => decodeSlice({ variable: f, shape: [1], data: Float32Array.from([1, 2]), complex: true })).toThrow(
      /complex/,
    );
  });

  it('packs a decoded value back', () => {
    const v = makeVariable({
      type: 'short',
      attributes: [
        { name: 'scale_factor', type: 'double', value: [0.5] },
        { name: 'add_offset', type: 'double', value: [10] },
      ],
    });
    const plan = planDecoding(v);
    expect(encodeValue(decodeData(Int16Array.from([7]), plan).values[0]!, plan)).toBe(7);
  });

  it('finds the range of unmasked finite values', () => {
    const d = decodeData(
      Float64Array.from([3, NaN, -1, Infinity, 7]),
      planDecoding(makeVariable({ type: 'double', fillValue: 7 })),
    );
    expect(valueRange(d)).toEqual({ min: -1, max: 3 });
    expect(valueRange(decodeData(Float64Array.from([NaN]), planDecoding(makeVariable({ type: 'double' }))))).toBeNull();
  });

  it('masks NaT in datetime64 data', () => {
    const v = makeVariable({ type: 'datetime64' });
    const d = decodeData(BigInt64Array.from([5n, -(2n ** 63n)]), planDecoding(v));
    expect(Array.from(d.mask)).toEqual([0, 1]);
  });

  it('decodes booleans to 0/1', () => {
    const v = makeVariable({ type: 'bool' });
    expect(Array.from(decodeSlice({ variable: v, shape: [2], data: [true, false] }).values)).toEqual([1, 0]);
  });
});

describe('decodeSlice of chunks that could not be read', () => {
  it('masks their elements in a copy: the raw values shared by an unchanged decode stay as they are', () => {
    const variable = makeVariable({ type: 'float', zarrFormat: 3 });
    const data = Float32Array.from([1, 2, 0, 0]);
    const failedMask = Uint8Array.from([0, 0, 1, 1]);
    const slice = { variable, shape: [4], data, complex: false, failedMask } as unknown as Parameters<
      typeof decodeSlice
    >[0];
    const d = decodeSlice(slice, { defaultFill: 'none' });
    expect(Array.from(d.values)).toEqual([1, 2, NaN, NaN]);
    expect(Array.from(d.mask)).toEqual([0, 0, 1, 1]);
    expect(d.maskedCount).toBe(2);
    expect(Array.from(data)).toEqual([1, 2, 0, 0]);
    // Without failed chunks the same values are the raw array itself.
    const whole = decodeSlice({ ...slice, failedMask: undefined }, { defaultFill: 'none' });
    expect(whole.values).toBe(data);
  });
});
