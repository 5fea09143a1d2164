/** Enum member names on files netcdf-c's ncgen wrote; names and values as ncdump main prints the types. */
import { describe, expect, it } from 'vitest';
import type { UserType } from '../core';
import { enumLabels, MAX_TICK_MEMBERS, ticksWithin, type EnumType } from './enum-labels';
import { readFixture } from './testing/open-fixture';

const asEnum = (t: UserType | undefined): EnumType => {
  if (t?.kind !== 'enum') throw new Error('not an enum');
  return t;
};

describe('enum labels', () => {
  it('ref_tst_enum_data: values by name, the integer for a value no member has, ticks for 12 members', async () => {
    const { variable, slice } = await readFixture('ref_tst_enum_data', '/primary_cloud');
    const labels = enumLabels(asEnum(variable.userType));
    // ncdump: primary_cloud = Clear, Stratus, Clear, Cumulonimbus, _ (the fill value, Missing = 255)
    expect(Array.from(slice.data as Uint8Array, (v) => labels.text(v))).toEqual([
      'Clear',
      'Stratus',
      'Clear',
      'Cumulonimbus',
      'Missing',
    ]);
    expect(labels.name(77)).toBeUndefined();
    expect(labels.text(77)).toBe('77');
    expect(labels.text(2.5)).toBe('2.5');
    expect(labels.ticks?.text).toHaveLength(MAX_TICK_MEMBERS);
    expect(labels.ticks?.vals.slice(-2)).toEqual([10, 255]);
    expect(ticksWithin(labels.ticks!, 1.5, 4)).toEqual({
      vals: [2, 3, 4],
      text: ['Stratus', 'Stratocumulus', 'Cumulus'],
    });
  });

  it('usertypes-mix: negative and escaped names, no name ticks past 12 members', async () => {
    const lv = enumLabels(asEnum((await readFixture('usertypes-mix', '/lv')).variable.userType));
    // ncdump: short enum level_t {low = -1, mid = 0, high = 1, very\ high = 300}
    expect([-1, 0, 1, 300].map((v) => lv.text(v))).toEqual(['low', 'mid', 'high', 'very high']);
    expect(lv.ticks).toEqual({ vals: [-1, 0, 1, 300], text: ['low', 'mid', 'high', 'very high'] });
    const { variable, slice } = await readFixture('usertypes-mix', '/b');
    const big = enumLabels(asEnum(variable.userType));
    // ncdump: b = a, q, c (big_t has 17 members)
    expect(Array.from(slice.data as Uint8Array, (v) => big.text(v))).toEqual(['a', 'q', 'c']);
    expect(big.ticks).toBeNull();
  });

  it('reads 64-bit members exactly', () => {
    const t: EnumType = {
      kind: 'enum',
      name: 'e',
      path: '/e',
      size: 8,
      base: 'int64',
      members: [{ name: 'huge', value: 9007199254740993n }],
    };
    expect(enumLabels(t).text(9007199254740993n)).toBe('huge');
    expect(enumLabels(t).text(9007199254740992n)).toBe('9007199254740992');
  });
});
