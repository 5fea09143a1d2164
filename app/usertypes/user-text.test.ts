/** Vlen, opaque and compound values as table cells, on files netcdf-c's ncgen wrote; texts as ncdump main prints the values. */
import { describe, expect, it } from 'vitest';
import { compoundLayout, fieldValue, findField, parsedElements } from './compound-fields';
import { readFixture } from './testing/open-fixture';
import { CELL_CHARS, cellText, cut, fieldText, userText } from './user-text';

async function values(file: string, path: string) {
  const { variable, slice } = await readFixture(file, path);
  const t = variable.userType!;
  return { t, values: parsedElements(slice.data as readonly string[], t) };
}

describe('user-typed values as text', () => {
  it('ref_tst_vlen_data: a vlen as its comma-separated elements', async () => {
    const { t, values: v } = await values('ref_tst_vlen_data', '/ragged_array');
    // ncdump: ragged_array = {10, 11, 12, 13, 14}, {20, 21, 22, 23}, {30, 31, 32}, {40, 41}, _ ({-999})
    expect(v.map((x) => userText(t, x!))).toEqual([
      '10, 11, 12, 13, 14',
      '20, 21, 22, 23',
      '30, 31, 32',
      '40, 41',
      '-999',
    ]);
  });

  it('ref_tst_opaque_data: an opaque as hex', async () => {
    const { t, values: v } = await values('ref_tst_opaque_data', '/raw_obs');
    // ncdump: raw_obs = 0X0102030405060708090A0B, 0XAABBCCDDEEFFEEDDCCBBAA, 0XFFFFFFFFFFFFFFFFFFFFFF, _, …
    expect(v.map((x) => userText(t, x!))).toEqual([
      '0X0102030405060708090A0B',
      '0XAABBCCDDEEFFEEDDCCBBAA',
      '0XFFFFFFFFFFFFFFFFFFFFFF',
      '0XCAFEBABECAFEBABECAFEBA',
      '0XCF0DEFACED0CAFE0FACADE',
    ]);
  });

  it('usertypes-mix: vlens of strings and of compounds, string and char-array members', async () => {
    const w = await values('usertypes-mix', '/w');
    // ncdump: w = {"one", "two"}, _, {}
    expect(w.values.map((x) => userText(w.t, x!))).toEqual(['"one", "two"', '"none"', '']);
    const rr = await values('usertypes-mix', '/rr');
    // ncdump: rr = {{"x", mid, {1, 1}, {"a", "b"}}, {"y", low, {2, 2}, {"c", "d"}}}, {}, …
    expect(userText(rr.t, rr.values[0]!)).toBe('{"x", mid, {1, 1}, {"a", "b"}}, {"y", low, {2, 2}, {"c", "d"}}');
    const r = await values('usertypes-mix', '/r');
    if (r.t.kind !== 'compound') throw new Error('compound expected');
    const layout = compoundLayout(r.t);
    const name = findField(layout, 'name')!;
    const tag = findField(layout, 'tag')!;
    // ncdump: {"alpha", …, {"aaa", "bbb"}}, {"beta\ttab", …, {"a", "b"}}, {"gamma \"q\"", …, {"", "zz"}}
    expect(r.values.map((x) => fieldText(name, fieldValue(x!, name)))).toEqual(['alpha', 'beta\ttab', 'gamma "q"']);
    expect(r.values.map((x) => fieldText(tag, fieldValue(x!, tag)))).toEqual(['"aaa", "bbb"', '"a", "b"', '"", "zz"']);
    expect(userText(r.t, r.values[0]!)).toBe('{"alpha", low, {1, 2}, {"aaa", "bbb"}}');
  });

  it('cuts long texts with … and keeps the whole as the title', () => {
    const long = Array.from({ length: 40 }, (_, i) => i).join(', ');
    const c = cut(long);
    expect(Array.from(c.text)).toHaveLength(CELL_CHARS);
    expect(c.text.endsWith('…')).toBe(true);
    expect(c.title).toBe(long);
    expect(cut('short')).toEqual({ text: 'short', title: 'short' });
    expect(cellText('string', '<img src=x onerror=alert(1)>')).toEqual({
      text: '<img src=x onerror=alert(1)>',
      title: '<img src=x onerror=alert(1)>',
    });
  });
});
