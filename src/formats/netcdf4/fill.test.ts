/**
 * A fill value message whose size is 0xFFFFFFFF (fixtures/hdf5/fill-undefined.h5, an h5py file with that size set
 * by scripts/fixtures/hdf5_structure.py): HDF5 reads no fill value (h5py: undefined) and netcdf-c a no-fill
 * variable; every variable is read, its value h5py's (fill-undefined.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/hdf5');

it('reads a fill value of undefined size as no fill value', async () => {
  const file = path.join(DIR, 'fill-undefined.h5');
  const want = JSON.parse(readFileSync(path.join(DIR, 'fill-undefined.json'), 'utf8')) as {
    objects: Record<string, { values?: number[]; fillValue?: number }>;
  };
  const got = await dump(parseDumpArgs(['-s', file]));
  expect(got.dataset.problems).toEqual([]);
  expect(got.failures).toEqual([]);
  expect(got.text).toContain('data:_NoFill = "true" ;');
  // A fill value defined (h5py gives it): not no-fill.
  expect(want.objects['/kept']!.fillValue).toBe(7);
  expect(got.text).not.toContain('kept:_NoFill');
  expect(got.text).toContain(`data = ${want.objects['/grp/data']!.values!.join(', ')} ;`);
});
