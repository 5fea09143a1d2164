/**
 * The Report on grid mappings (fixtures/grid-mappings, xarray-written): the mapping found is named with its x/y and
 * proj4 definition; an unknown grid_mapping_name and a missing parameter are errors naming them; a CDO absolute
 * time axis (fixtures/cdo-time) is named as such, not as units UDUNITS cannot parse.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { cfFindings } from './cf-checks';

const ROOT = join(import.meta.dirname, '..', '..', 'fixtures');

async function findings(file: string, path: string) {
  const ds = await openDataset({ kind: 'local', path: join(ROOT, file) }, { openStore: openStoreNode });
  return cfFindings(ds.model, findVariable(ds.model.root, path)!, { standardNames: null });
}

describe('Report: grid mappings and CDO times', () => {
  it('names the mapping found, its x/y and its proj4 definition', async () => {
    const f = (await findings('grid-mappings/geostationary.zarr', '/field')).filter((x) => x.code === 'grid-mapping');
    expect(f).toHaveLength(1);
    expect(f[0]!.message).toContain('/goes_imager_projection (geostationary) over x (x) and y (y) [rad]');
    expect(f[0]!.message).toContain('+proj=geos');
  });
  it('an unknown name and a missing parameter are errors naming them', async () => {
    const a = await findings('grid-mappings/malformed-unknown-name.zarr', '/field');
    expect(a.find((x) => x.code === 'grid-mapping-invalid')?.message).toContain('"unknown_projection"');
    const b = await findings('grid-mappings/malformed-missing-parameter.zarr', '/field');
    expect(b.find((x) => x.code === 'grid-mapping-invalid')?.message).toContain('needs standard_parallel');
  });
  it('a CDO absolute time axis is named as one, and `hour as` as a form CDO does not read', async () => {
    const a = await findings('cdo-time/day.nc', '/time');
    expect(a.map((x) => x.code)).toContain('time-absolute');
    expect(a.map((x) => x.code)).not.toContain('units-unknown');
    const b = await findings('cdo-time/hour-refused.nc', '/time');
    expect(b.map((x) => x.code)).toContain('time-absolute-unsupported');
  });
});
