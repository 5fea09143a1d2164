import { describe, expect, it } from 'vitest';
import { readFixture } from '../usertypes/testing/open-fixture';
import { attributeText } from './attribute-text';

describe('attribute text', () => {
  it('shows each attribute type as plain text', () => {
    expect(attributeText({ name: 'a', type: 'char', value: '<script>x</script>' })).toBe('<script>x</script>');
    expect(attributeText({ name: 'a', type: 'string', value: ['one'] })).toBe('one');
    expect(attributeText({ name: 'a', type: 'string', value: ['a', 'b"c'] })).toBe('"a", "b\\"c"');
    expect(attributeText({ name: 'a', type: 'int64', value: [2n ** 62n + 1n, -1n] })).toBe('4611686018427387905, -1');
    expect(attributeText({ name: 'a', type: 'float', value: [1.5, -0] })).toBe('1.5, 0');
  });

  it('shows values of user-defined types as ncdump prints them (usertypes-mix.h.cdl)', async () => {
    const { variable } = await readFixture('usertypes-mix', '/r');
    const note = variable.attributes.find((a) => a.name === 'note')!;
    // ncdump: rec_t r:note = {"first note", high, {1.5, -2}, {"abc", "de"}}, {"", low, {0, 1e+30}, {"x", ""}}, …
    expect(attributeText(note)).toBe(
      '{"first note", high, {1.5, -2}, {"abc", "de"}}, {"", low, {0, 1e+30}, {"x", ""}}, ' +
        '{"third, with a long text", mid, {3, 4}, {"pqr", "stu"}}',
    );
    const { variable: e } = await readFixture('ref_tst_enum_data', '/primary_cloud');
    // ncdump: cloud_class_t primary_cloud:_FillValue = Missing ;
    expect(attributeText(e.attributes.find((a) => a.name === '_FillValue')!)).toBe('Missing');
  });
});
