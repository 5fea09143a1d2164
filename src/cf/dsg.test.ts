/**
 * Names of CF DSG instance dimensions: the label variable each axis gets (cf_role id, `coordinates` text, the one
 * text variable of the dimension) and its strings, equal to netCDF4-python's reading (fixtures/cf/dsg/names.json,
 * written with the datasets by scripts/cf/make-dsg.py).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { readAxisValues } from './axis-values';
import { describeAxes, findVariable } from './coordinates';
import { charStrings } from './dsg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const names = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/cf/dsg/names.json'), 'utf8')) as Record<
  string,
  Record<string, string[]>
>;

const open = (p: string) => openDataset({ kind: 'local', path: path.join(ROOT, p) }, { openStore: openStoreNode });

async function axisLabels(p: string, variablePath: string) {
  const ds = await open(p);
  const v = findVariable(ds.model, variablePath);
  if (!v) throw new Error(`${variablePath} missing`);
  const axes = describeAxes(ds.model, v);
  const values = await Promise.all(axes.map((a) => readAxisValues(ds, a)));
  return { axes, values };
}

describe('DSG instance names on axes equal netCDF4-python', () => {
  it('labels the station dimension by its cf_role timeseries_id (char, NUL and space padded)', async () => {
    const { axes, values } = await axisLabels('fixtures/cf/dsg/stations.nc', '/temperature');
    expect(axes[0]?.labels?.path).toBe('/station_id');
    expect(values[0]?.labels).toEqual(names['stations.nc']?.['/station_id']);
    expect(Array.from(values[0]?.values ?? [])).toEqual([0, 1, 2]);
    expect(axes[1]?.labels).toBeNull();
  });

  it('labels a dimension by an NC_STRING auxiliary coordinate named in `coordinates`', async () => {
    const { axes, values } = await axisLabels('fixtures/cf/dsg/stations.nc', '/wind');
    expect(axes[0]?.labels?.path).toBe('/platform_name');
    expect(values[0]?.labels).toEqual(names['stations.nc']?.['/platform_name']);
    expect(axes[1]?.labels).toBeNull();
    expect(values[1]?.labels).toEqual(['0', '1', '2', '3', '4']);
  });

  it("labels the demo's stations (no cf_role) by the one char variable of the dimension", async () => {
    const { axes, values } = await axisLabels('public/demo/nczarr-groups.file', '/observations/air_temperature');
    expect(axes[0]?.labels?.path).toBe('/station_name');
    expect(values[0]?.labels).toEqual(names['demo/nczarr-groups.file']?.['/station_name']);
    expect(axes[1]?.labels).toBeNull();
  });
});

describe('charStrings', () => {
  it('ends each string at its first NUL and trims trailing spaces', () => {
    expect(charStrings(['a', 'b', '\0', 'x', ' ', 'c', ' ', ' '], 4)).toEqual(['ab', ' c']);
    expect(charStrings([65, 0, 66, 67], 2)).toEqual(['A', 'BC']);
  });
});
