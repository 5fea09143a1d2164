/**
 * `zarrview dump -p F,D` against ncdump main's `-p` outputs (testdata/make-precision.sh): a netCDF-3 and a
 * netCDF-4 file whose float and double attributes, data and compound fields hold exact decimal ties.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../cli/args';
import { dump } from '../cli/dump';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testdata/precision');
const cases = readdirSync(DIR)
  .map((f) => /^(precision4?)\.p(.*)\.cdl$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null);

describe('dump -p vs ncdump -p', () => {
  it('has the outputs of make-precision.sh', () => expect(cases.length).toBeGreaterThanOrEqual(16));
  for (const [file, name, p] of cases) {
    it(`${name} ${p === '-default' ? '(no -p)' : `-p ${p}`}`, async () => {
      const flags = p === '-default' ? [] : ['-p', p ?? ''];
      const got = await dump(parseDumpArgs([...flags, path.join(DIR, `${name}.nc`)]));
      expect(got.failures).toEqual([]);
      expect(got.text).toBe(readFileSync(path.join(DIR, file), 'utf8'));
    });
  }
});

describe('-p as ncdump reads it', () => {
  it('takes F, F,D and the attached form; rejects what ncdump rejects', () => {
    expect(parseDumpArgs(['-p', '9', 'x']).precision).toEqual({
      float: 9,
      double: 15,
      floatGiven: true,
      doubleGiven: false,
    });
    expect(parseDumpArgs(['-p9,17', 'x']).precision).toEqual({
      float: 9,
      double: 17,
      floatGiven: true,
      doubleGiven: true,
    });
    expect(parseDumpArgs(['-p', ',17', 'x']).precision).toEqual({
      float: 7,
      double: 15,
      floatGiven: false,
      doubleGiven: false,
    });
    for (const bad of ['0', '21', '9,', '9,x', 'x', '9,0']) expect(() => parseDumpArgs(['-p', bad, 'x'])).toThrow();
    expect(() => parseDumpArgs(['x', '-p'])).toThrow(/-p needs a value/);
  });
});
