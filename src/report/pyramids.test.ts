// The report on pyramids: facts of a pyramid's variables (fixtures/pyramids, make-pyramids.py), malformed
// declarations as `pyramid-invalid`, and `no-overviews` for a big slice with no coarser levels.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/read-dataset';
import { memoryStore } from '../model/testing/memory-store';
import { zarrayJson } from '../model/testing/zarray';
import { NodeFolderStore } from '../store/node-folder-store';
import { allFindings, buildReport } from './index';
import { NO_OVERVIEWS_SEVERITY, suggestedFactors } from './pyramids';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures/pyramids');
const tables = { standardNames: null };
const reportOf = async (name: string) =>
  buildReport(await readDataset(new NodeFolderStore(path.join(DIR, name)), { name }), tables);

describe('pyramid facts', () => {
  it('OME-NGFF 0.4: the pyramid variable and its levels', async () => {
    const r = await reportOf('ome-0.4.zarr');
    const facts = (p: string) => r.variables.find((v) => v.path === p)!.facts;
    expect(facts('/0')).toContainEqual({ label: 'Pyramid', value: '3 levels (OME-NGFF 0.4)' });
    expect(facts('/0')).toContainEqual({
      label: 'Pyramid levels',
      value: '/0 2 × 128 × 128, /1 2 × 64 × 64, /2 2 × 32 × 32',
    });
    expect(facts('/2')).toContainEqual({ label: 'Pyramid level', value: '2 of the pyramid of /0' });
    // Only the missing .zmetadata: no level is a problem, none wants overviews.
    expect(allFindings(r).flatMap((f) => (f.severity === 'info' ? [] : [f.code]))).toEqual(['not-consolidated']);
  });

  it('ndpyramid and zarr-conventions', async () => {
    const nd = await reportOf('ndpyramid.zarr');
    expect(nd.variables.find((v) => v.path === '/3/tas')!.facts).toContainEqual({
      label: 'Pyramid',
      value: '4 levels (ndpyramid)',
    });
    const zc = await reportOf('zarr-conventions.zarr');
    expect(zc.variables.find((v) => v.path === '/r20m/b05')!.facts).toContainEqual({
      label: 'Pyramid',
      value: '2 levels (zarr-conventions multiscales)',
    });
  });

  it('malformed declarations are pyramid-invalid warnings of their groups', async () => {
    const r = await reportOf('malformed.zarr');
    const got = allFindings(r).filter((f) => f.code === 'pyramid-invalid');
    expect([...new Set(got.map((f) => f.path))].sort()).toEqual([
      '/increasing',
      '/junk',
      '/missing-level',
      '/no-path',
      '/rank',
    ]);
    expect(got.every((f) => f.severity === 'warning')).toBe(true);
    expect(allFindings(r).filter((f) => f.code === 'unreadable')).toEqual([]);
  });
});

describe('no-overviews', () => {
  const one = (shape: number[], dtype: string, extra: Record<string, unknown> = {}) =>
    readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'big/.zarray': zarrayJson({ shape, chunks: shape.map((n) => Math.min(n, 1024)), dtype }),
        'big/.zattrs': { _ARRAY_DIMENSIONS: shape.length === 3 ? ['time', 'lat', 'lon'] : ['lat', 'lon'] },
        ...extra,
      }),
    ).then((ds) => allFindings(buildReport(ds, tables)).filter((f) => f.code === 'no-overviews'));

  it('a slice of more than 4096 × 4096 cells, or of more than 64 MiB, with no pyramid', async () => {
    const [f] = await one([3, 5000, 5000], '<f4');
    expect(f).toMatchObject({ path: '/big', severity: NO_OVERVIEWS_SEVERITY });
    expect(f!.message).toMatch(/lat × lon slice is 5,000 × 5,000 cells \(95\.4 MB\)/);
    expect(f!.advice).toMatch(/pyramid_coarsen\(ds, factors=\[8, 4, 2, 1\], dims=\['lat', 'lon'\]\)/);
    expect(f!.advice).toMatch(/OME-NGFF multiscales/);
    expect(await one([3000, 3000], '<f8')).toHaveLength(1);
    expect(await one([4096, 4096], '<f4')).toEqual([]);
    expect(await one([100000], '<f8')).toEqual([]);
  });

  it('not for a pyramid or its levels', async () => {
    const got = await one([5000, 5000], '<f4', {
      '.zattrs': { multiscales: [{ version: '0.4', datasets: [{ path: 'big' }, { path: 'half' }] }] },
      'half/.zarray': zarrayJson({ shape: [2500, 2500], chunks: [1024, 1024], dtype: '<f4' }),
    });
    expect(got).toEqual([]);
  });

  it('suggests factors down to about 1024 cells a side', () => {
    expect(suggestedFactors(5000)).toEqual([8, 4, 2, 1]);
    expect(suggestedFactors(4097)).toEqual([8, 4, 2, 1]);
    expect(suggestedFactors(2000)).toEqual([2, 1]);
    expect(suggestedFactors(86400)).toEqual([128, 64, 32, 16, 8, 4, 2, 1]);
  });
});
