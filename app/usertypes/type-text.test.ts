/** The Overview's type descriptions, on files netcdf-c's ncgen wrote (types as ncdump main's -h prints them). */
import { describe, expect, it } from 'vitest';
import { readFixture } from './testing/open-fixture';
import { describeType } from './type-text';

const typeOf = async (file: string, path: string) => (await readFixture(file, path)).variable.userType!;

describe('type descriptions', () => {
  it('compound with its fields, nested and array fields', async () => {
    const obs = describeType(await typeOf('ref_tst_comp', '/obs'));
    expect(obs.heading).toBe('compound obs_t');
    expect(obs.parts.slice(0, 4)).toEqual([
      { name: 'day', text: 'byte' },
      { name: 'elev', text: 'short' },
      { name: 'count', text: 'int' },
      { name: 'relhum', text: 'float' },
    ]);
    const nested = describeType(await typeOf('ref_tst_compounds2', '/phony_compound_var'));
    expect(nested.parts).toEqual([
      { name: 'xx', text: 'compound cmp1 {i: short, j: int}' },
      { name: 'yy', text: 'compound cmp2 {x: float, y: double(3, 2)}' },
    ]);
    const mix = describeType(await typeOf('usertypes-mix', '/r'));
    expect(mix.parts.map((p) => p.text)).toEqual(['string', 'enum level_t: short', 'float(2)', 'char(2, 3)']);
  });

  it('enum with its members, vlen, opaque', async () => {
    const e = describeType(await typeOf('ref_tst_enum_data', '/primary_cloud'));
    expect(e.heading).toBe('enum cloud_class_t: ubyte');
    expect(e.parts[0]).toEqual({ name: 'Clear', text: '0' });
    expect(e.parts.at(-1)).toEqual({ name: 'Missing', text: '255' });
    const v = describeType(await typeOf('ref_tst_vlen_data', '/ragged_array'));
    expect([v.heading, v.name]).toEqual(['vlen float', 'row_of_floats']);
    const o = describeType(await typeOf('ref_tst_opaque_data', '/raw_obs'));
    expect([o.heading, o.name]).toEqual(['opaque(11)', 'raw_obs_t']);
  });
});
