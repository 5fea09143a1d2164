/**
 * netCDF-4 user-defined types (compound, vlen, enum, opaque, nested): `zarrview dump` -h, full and -s -h of the
 * files in fixtures/netcdf4-usertypes/ (netcdf-c's own CDLs and ours written by netcdf-c main's `ncgen -4`, and the
 * HDF5 fixtures with user types; scripts/fixtures/make-netcdf4-usertypes.sh) against ncdump main's output, byte for
 * byte. Needs no netcdf-c.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/netcdf4-usertypes');
const OUTPUTS = { h: ['-h'], full: [], sh: ['-s', '-h'] } as const;

/** Where ncdump prints what is not in the file (FIDELITY.md, "netCDF-4 user-defined types"). */
const NCDUMP_LOSES: Readonly<Record<string, string>> = {
  'ref_tst_special_atts.full': 'a no-fill variable never written: ncdump prints uninitialised memory',
  'ref_tst_ncf213.full': 'a no-fill variable never written: ncdump prints uninitialised memory',
};

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.nc')) : [];

describe('netCDF-4 user-defined types: zarrview dump vs ncdump main', () => {
  it('has the fixtures', () => {
    expect(files.length).toBeGreaterThan(20);
  });
  for (const file of files) {
    const name = file.slice(0, -3);
    for (const [output, flags] of Object.entries(OUTPUTS)) {
      const expected = path.join(DIR, `${name}.${output}.cdl`);
      if (!existsSync(expected)) continue;
      const skip = NCDUMP_LOSES[`${name}.${output}`];
      it.skipIf(skip !== undefined)(`${name} ${flags.join(' ') || '(data)'}${skip ? ` — ${skip}` : ''}`, async () => {
        const got = await dump(parseDumpArgs([...flags, path.join(DIR, file)]));
        expect(got.failures).toEqual([]);
        expect(got.text).toBe(readFileSync(expected, 'utf8'));
      });
    }
  }
});
