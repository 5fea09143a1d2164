/** A join opened as the viewer opens datasets: the model, a slice and a point's series across members. */
import path from 'node:path';
import { expect, it } from 'vitest';
import { expandGlob } from '../cli/glob';
import { openLocation } from '../cli/open-location';
import { openJoin } from './index';
import { openJoinedDataset } from './opened';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

const DIR = AGGREGATE_DIR;
const EXPECTED = AGGREGATE_EXPECTED;

it('openJoinedDataset: the daily join as a dataset; tas at a point across every member equals xarray', async () => {
  const files = await expandGlob(path.join(DIR, 'daily/*.nc'));
  const joined = await openJoin(files, { open: (p) => openLocation(p), name: 'daily' });
  const ds = await openJoinedDataset(joined, path.join(DIR, 'daily/*.nc'));
  expect(ds.location).toBe(path.join(DIR, 'daily/*.nc'));
  const time = ds.model.root.dimensions.find((d) => d.name === 'time');
  expect(time).toMatchObject({ length: EXPECTED.daily!.dims.time!.size, unlimited: true });
  const slice = await ds.read('/tas', [null, 2, 3]);
  const all = EXPECTED.daily!.values.tas!;
  const per = 3 * 4;
  expect(Array.from(slice.data as Float32Array)).toEqual(
    Array.from({ length: all.length / per }, (_, t) => all[t * per + 2 * 4 + 3]),
  );
  ds.close();
});
