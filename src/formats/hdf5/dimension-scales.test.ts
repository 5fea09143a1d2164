import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ObjectRef, bytesSource, openHdf5, type Attribute, type Hdf5Value } from './index.ts';

const DIR = join(__dirname, '../../../fixtures/hdf5');

const attr = (attrs: readonly Attribute[], name: string) => attrs.find((a) => a.name === name)?.value;

it('reads netCDF-4 dimension scales as data: DIMENSION_LIST to the scales, their NAME, REFERENCE_LIST, ids', async () => {
  const root = await openHdf5(bytesSource(new Uint8Array(readFileSync(join(DIR, 'nc4-groups.nc')))));
  const temp = await root.getObject('/temp');
  // One vlen of object references per dimension, each naming a dimension scale dataset.
  const list = attr(temp.attributes, 'DIMENSION_LIST') as readonly (readonly Hdf5Value[])[];
  expect(list).toHaveLength(3);
  const names: string[] = [];
  for (const refs of list) {
    const ref = refs[0];
    expect(ref).toBeInstanceOf(ObjectRef);
    const scale = await root.file.objectAt((ref as ObjectRef).address!);
    expect(attr(scale.attributes, 'CLASS')).toEqual(['DIMENSION_SCALE']);
    names.push(String(attr(scale.attributes, 'NAME')?.[0]));
    const back = attr(scale.attributes, 'REFERENCE_LIST') as readonly { dataset: ObjectRef; dimension: number }[];
    expect(back.some((r) => r.dataset.address === temp.address)).toBe(true);
    expect(typeof attr(scale.attributes, '_Netcdf4Dimid')?.[0]).toBe('number');
  }
  expect(names).toEqual(['time', 'lat', 'lon']);
  expect(attr(temp.attributes, '_Netcdf4Coordinates')).toEqual([0, 1, 2]);
  // The unlimited dimension: its scale's maximum size is unlimited.
  const time = await root.getObject('/time');
  expect(time.kind === 'dataset' && time.maxshape).toEqual([null]);
});

it('reads h5py dimension scales with labels', async () => {
  const root = await openHdf5(bytesSource(new Uint8Array(readFileSync(join(DIR, 'dimscales.h5')))));
  const data = await root.getObject('/data');
  expect(attr(data.attributes, 'DIMENSION_LABELS')).toEqual(['rows', '']);
  const x = await root.getObject('/x');
  expect(attr(x.attributes, 'NAME')).toEqual(['x']);
});

it('lists a netCDF-4 file’s links and attributes in creation order (the order ncgen defined them)', async () => {
  const root = await openHdf5(bytesSource(new Uint8Array(readFileSync(join(DIR, 'nc4-types.nc')))));
  const names = (await root.links()).map((l) => l.name);
  expect(names.slice(0, 5)).toEqual(['n', 'strlen', 'v_byte', 'v_ubyte', 'v_short']);
  const attrs = (await root.info()).attributes.map((a) => a.name);
  expect(attrs.slice(0, 4)).toEqual(['a_byte', 'a_ubyte', 'a_short', 'a_ushort']);
  expect(attrs[attrs.length - 1]).toBe('_NCProperties');
});
