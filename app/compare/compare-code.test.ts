/**
 * Compare's Code for a B on a HEALPix grid, run under Debian's python3 (xarray, healpy) on meshes-latlon.nc's S
 * (A) and compare-healpix-n8.nc (B): its A − B equals the script's (fixtures/compare/expected/meshes.json, healpy's
 * pixel at A's centres by scripts/fixtures/make-compare-meshes.py).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected, openFixture } from '../../src/compare/testing/fixtures';
import { findVariable } from '../core';
import { compareCode } from './compare-code';
import { readPair } from './compare-read';

interface Case {
  readonly name: string;
  readonly difference: (number | null)[];
  readonly ambiguous: number[];
}

const want = expected<{ cases: Case[] }>('meshes.json');
const FIXTURES = path.resolve(__dirname, '../../fixtures');

describe('the Code of a lat/lon A against a HEALPix B', async () => {
  const a = await openFixture('meshes-latlon.nc');
  const b = await openFixture('../meshes/compare-healpix-n8.nc');
  const s = findVariable(a.model.root, '/S')!;
  const v = findVariable(b.model.root, '/S')!;
  const signal = new AbortController().signal;

  it('runs: healpy.ang2pix at A’s centres, A − B as the script’s', async () => {
    const pair = await readPair(a, s, [0, null, null], { x: 2, y: 1 }, b, v, 'coords', signal);
    const urlA = path.join(FIXTURES, 'compare/meshes-latlon.nc');
    const urlB = path.join(FIXTURES, 'meshes/compare-healpix-n8.nc');
    const input = {
      urlA,
      urlB,
      varA: '/S',
      varB: '/S',
      selA: [0, null, null],
      pair,
      sameGrid: false,
      formatA: a.model.format,
      formatB: b.model.format,
    };
    const code = compareCode({ ...input, method: 'nearest' });
    expect(code).toContain('healpy.ang2pix(8, lon.values, lat.values, lonlat=True, nest=True)');
    // The fixtures are netCDF-4 files: opened with open_dataset and h5netcdf, as the snippet says.
    expect(code).toContain(`xr.open_dataset(${JSON.stringify(urlA)}, engine="h5netcdf")`);
    // A file over HTTP is opened through fsspec.
    const web = compareCode({ ...input, urlA: 'https://h/a.nc', method: 'nearest' });
    expect(web).toMatch(/^import fsspec\n/);
    expect(web).toContain('a = xr.open_dataset(fsspec.open("https://h/a.nc", mode="rb").open(), engine="h5netcdf")');
    const run = code.replace(
      /print\(.*\)\n$/,
      'import json\nprint(json.dumps([None if x != x else float(x) for x in diff.values.ravel()]))\n',
    );
    const py = spawnSync('/usr/bin/python3', ['-c', run], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONWARNINGS: 'ignore' },
      timeout: 60_000,
    });
    expect(py.stderr).toBe('');
    expect(py.status).toBe(0);
    const got = JSON.parse(py.stdout) as (number | null)[];
    const c = want.cases.find((x) => x.name === 'grid-healpix')!;
    expect(got).toHaveLength(c.difference.length);
    const skip = new Set(c.ambiguous);
    let compared = 0;
    c.difference.forEach((d, k) => {
      if (skip.has(k)) return;
      if (d === null) expect(got[k]).toBeNull();
      else {
        expect(got[k]).toBeCloseTo(d, 4);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(700);
    // Sampling is not written out: the Code says so in a comment.
    expect(compareCode({ ...input, method: 'area' })).toContain('b_on_a = ...');
  });
});
