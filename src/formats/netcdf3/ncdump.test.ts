/**
 * `zarrview dump` (-h, full, -s -h) of every netCDF-3 fixture against ncdump's output of the same file, byte for
 * byte (fixtures/netcdf3/, see its index.json for the writer and the ncdump). Where ncdump itself fails (`-s` on
 * CDF-5: it stops with "Attempting netcdf-4 operation on netcdf-3 file" after the first variable of a multi-byte
 * type), its output up to the failure must be the start of ours, and ours goes on as ncdump's code means to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';
import { decodeEscaped } from '../../text/utf8';
import { type OutputKind, fixturePath, netcdf3Fixtures } from './testing/fixtures';

const FLAGS: Record<OutputKind, string[]> = { h: ['-h'], full: [], hs: ['-s', '-h'] };
const fixtures = netcdf3Fixtures();

describe('netCDF-3 fixtures: zarrview dump vs ncdump', () => {
  it('covers every format and both writers', () => {
    expect(new Set(fixtures.map((f) => f.format))).toEqual(new Set(['classic', '64bit', 'cdf5']));
    expect(fixtures.some((f) => f.writer.startsWith('scipy'))).toBe(true);
    expect(fixtures.length).toBeGreaterThanOrEqual(50);
  });
  for (const f of fixtures) {
    for (const kind of ['h', 'full', 'hs'] as const) {
      const failed = f.ncdump_errors[kind];
      it(`${f.path} ${kind}${failed ? ' (ncdump fails: prefix)' : ''}`, async () => {
        const want = decodeEscaped(readFileSync(fixturePath(f.expected[kind])));
        const got = await dump(parseDumpArgs([...FLAGS[kind], fixturePath(f.path)]));
        expect(got.failures).toEqual([]);
        if (!failed) expect(got.text).toBe(want);
        else {
          expect(got.text.slice(0, want.length)).toBe(want);
          expect(got.text.length).toBeGreaterThan(want.length);
          expect(got.text).toMatch(/\t\t:_Format = "cdf5" ;\n}\n$/);
        }
      });
    }
  }
});
