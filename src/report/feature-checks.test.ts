/**
 * The Report on CF discrete sampling geometries and simple geometries (fixtures/dsg and fixtures/geometries, written
 * by netCDF4-python; their expected.json gives each file's featureType or geometry type and its instances as
 * netCDF4-python reads them): the feature found is named with its type, layout and instance count; a featureType
 * without latitude/longitude and a malformed geometry container are errors naming what is wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { cfFindings } from './cf-checks';

const ROOT = join(import.meta.dirname, '..', '..', 'fixtures');

interface Expected {
  readonly featureType?: string;
  readonly geometryType?: string;
  readonly variable?: string;
  readonly instances?: readonly unknown[];
  readonly features?: readonly unknown[];
  readonly variables?: Record<string, string>;
}
const read = (dir: string) =>
  JSON.parse(readFileSync(join(ROOT, dir, 'expected.json'), 'utf8')) as Record<string, Expected>;
const DSG = read('dsg');
const GEOMETRIES = read('geometries');

async function findings(file: string, path: string) {
  const ds = await openDataset({ kind: 'local', path: join(ROOT, file) }, { openStore: openStoreNode });
  return cfFindings(ds.model, findVariable(ds.model.root, path)!, { standardNames: null });
}

describe('Report: discrete sampling geometries and simple geometries', () => {
  const dsgFiles = Object.entries(DSG).filter(([, e]) => e.featureType && e.variable);
  it.each(dsgFiles)('%s: the featureType, its layout and its instances are named', async (file, e) => {
    const f = (await findings(`dsg/${file}`, e.variable!)).filter((x) => x.code.startsWith('dsg'));
    expect(f.map((x) => x.code)).toEqual(['dsg']);
    // CF's spelling of the featureType, whatever the file's case.
    expect(f[0]!.message.toLowerCase()).toContain(`featuretype ${e.featureType!.toLowerCase()}`);
    const n = (e.instances ?? e.features)?.length;
    if (e.featureType !== 'point' && n !== undefined) expect(f[0]!.message).toMatch(new RegExp(`\\b${n} `));
  });
  it('ragged layouts name their count or index variable', async () => {
    const ragged = (await findings('dsg/stations-ragged.nc', '/temp')).find((x) => x.code === 'dsg');
    expect(ragged?.message).toContain('a contiguous ragged array');
    const indexed = (await findings('dsg/stations-indexed.nc', '/temp')).find((x) => x.code === 'dsg');
    expect(indexed?.message).toContain('an indexed ragged array');
  });
  it('a featureType without latitude/longitude is an error', async () => {
    const f = await findings('dsg/no-latlon.nc', '/temp');
    expect(f.find((x) => x.code === 'dsg-invalid')?.message).toMatch(/^featureType timeSeries: /);
  });
  const geometryFiles = Object.entries(GEOMETRIES).filter(([, e]) => e.geometryType && e.variable);
  it.each(geometryFiles)('%s: the geometry type, the container and the instances are named', async (file, e) => {
    const f = (await findings(`geometries/${file}`, e.variable!)).filter((x) => x.code.startsWith('geometry'));
    expect(f.map((x) => x.code)).toEqual(['geometry']);
    expect(f[0]!.message).toContain(`${e.instances!.length} ${e.geometryType}`);
  });
  it('the polygons with holes name their interior_ring', async () => {
    const f = (await findings('geometries/polygons.nc', '/tas')).find((x) => x.code === 'geometry');
    expect(f?.message).toContain('(holes)');
  });
  it('a container naming a node coordinate that is not there is an error naming it', async () => {
    // bad.nc's other containers are malformed in their arrays (counts, rings): the Map names those when it reads them.
    const missing = GEOMETRIES['bad.nc']?.variables?.['/bad_coord'];
    expect(missing).toBeTruthy();
    const f = await findings('geometries/bad.nc', '/bad_coord');
    expect(f.find((x) => x.code === 'geometry-invalid')?.message).toContain(missing);
  });
});
