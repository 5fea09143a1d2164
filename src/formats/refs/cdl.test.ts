/**
 * `zarrview dump -h` of a reference set (JSON, or a Parquet folder) equals `zarrview dump -h` of the file it references, line for line
 * (as a multiset: Zarr keys come sorted, so variables are listed by name, not in creation order), apart from
 * the lines listed in `DIFFERENCES` with their reasons: kerchunk's Zarr form has no unlimited dimensions, keeps
 * `_FillValue` in `.zarray`'s fill_value (netcdf-c shows that as an attribute of rank-0 arrays only), and
 * names dimensions per group (`_ARRAY_DIMENSIONS`), not by netCDF-4's shared dimension scales.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';
import { REFS } from './testing';

/** Lines only in the reference set's CDL (`+`) or only in the direct file's (`-`), with the reason. */
const DIFFERENCES: Record<string, { readonly plus: string[]; readonly minus: string[]; readonly why: string }> = {
  nc4: {
    plus: ['time = 6 ;', 'scalar:_FillValue = -2147483647 ;', 'dimensions:', 'lon = 5 ;'],
    minus: ['time = UNLIMITED ; // (6 currently)', 'temp:_FillValue = -999.f ;'],
    why:
      'no UNLIMITED in Zarr; fill values in .zarray (shown for the rank-0 `scalar` only, as netcdf-c does); ' +
      '`sub/v` names its dimension `lon` by _ARRAY_DIMENSIONS, which Zarr scopes to the group',
  },
  nc3: {
    plus: ['time = 7 ;'],
    minus: ['time = UNLIMITED ; // (7 currently)'],
    why: 'no UNLIMITED in Zarr',
  },
  zarr: { plus: [], minus: [], why: '' },
};

const TARGETS: Record<string, string> = { nc4: 'nc4.nc', nc3: 'nc3.nc', zarr: 'zarr.zarr' };

async function cdl(location: string, name: string): Promise<string[]> {
  const r = await dump(parseDumpArgs(['-h', '-n', name, location]));
  return r.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** `a` minus `b`, as multisets. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  return a.filter((l) => {
    const i = left.indexOf(l);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

describe('CDL of a reference set = CDL of its target', () => {
  const docs = ['nc4.v0', 'nc4.v1', 'nc4.templates', 'nc3.v0', 'nc3.gen', 'zarr.v0', 'zarr.v1'];
  for (const doc of [...docs.map((d) => `${d}.json`), 'nc4.parq', 'nc3.parq', 'zarr.parq']) {
    const target = doc.split('.')[0]!;
    it(`${doc} vs targets/${TARGETS[target]}`, async () => {
      const refs = await cdl(join(REFS, doc), target);
      const direct = await cdl(join(REFS, 'targets', TARGETS[target]!), target);
      const d = DIFFERENCES[target]!;
      expect(minus(refs, direct).sort()).toEqual([...d.plus].sort());
      expect(minus(direct, refs).sort()).toEqual([...d.minus].sort());
    });
  }
});
