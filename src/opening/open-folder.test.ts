/**
 * Dropped folders that hold no Zarr dataset: an Icechunk repository (at the top, or one folder down) opens at its
 * main branch; a CFA master with its fragment files opens as its aggregated view, its values those of
 * fixtures/cfa/expected.json (netCDF4-python reading the fragments), its fragments read from the dropped files.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataContext } from '../data/context';
import { readSlice } from '../data/read-slice';
import { comparable } from '../data/testing/variable';
import { findVariable, readDataset } from '../model/index';
import { readOrFile } from './fallback';
import { openStore } from './open-store';
import { expectedIcechunk } from '../formats/icechunk/testing';
import type { FolderFile } from '../store/types';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const ctx = createDataContext({ workers: false });

function dropped(dir: string, prefix = ''): FolderFile[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(dir).map((f) => ({ path: prefix + relative(dir, f), file: new Blob([readFileSync(f)]) }));
}

describe('a dropped folder with no Zarr dataset', () => {
  for (const prefix of ['', 'spec2/'])
    it(`an Icechunk repository${prefix ? ' one folder down' : ''} opens at main`, async () => {
      const repo = expectedIcechunk().repositories.spec2!;
      const o = await openStore({
        kind: 'folder',
        files: dropped(join(FIXTURES, 'icechunk', 'spec2'), prefix),
        name: 'spec2',
      });
      expect(o.store.repository?.snapshot.id).toBe(repo.branches.main);
      const ds = await readDataset(o.store);
      const lat = findVariable(ds.root, '/lat')!;
      const s = await readSlice(o.store, lat, [], { context: ctx });
      expect(Array.from(s.data as Float32Array, comparable)).toEqual(
        repo.snapshots[repo.branches.main!]!.arrays['/lat']!.values.values.map(comparable),
      );
      expect((await o.store.history!()).snapshots.length).toBe(Object.keys(repo.snapshots).length);
    });

  it('a CFA master with its fragments opens as the aggregated view, values as netCDF4-python reads them', async () => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'cfa', 'expected.json'), 'utf8')) as Record<
      string,
      Record<string, { values: number[] }>
    >;
    const files = [
      ...dropped(join(FIXTURES, 'cfa', 'cfa4_v04'), 'cfa4_v04/'),
      { path: 'cfa4_v04.nca', file: new Blob([readFileSync(join(FIXTURES, 'cfa', 'cfa4_v04.nca'))]) },
    ];
    const o = await openStore({ kind: 'folder', files, name: 'cfa' });
    const { opened, value: ds } = await readOrFile(o, (store) => readDataset(store));
    expect(opened.name).toBe('cfa4_v04');
    for (const [name, want] of Object.entries(expected['cfa4_v04.nca']!)) {
      const v = findVariable(ds.root, `/${name}`)!;
      const s = await readSlice(opened.store, v, [], { context: ctx });
      expect(s.failedChunks ?? []).toEqual([]);
      expect(Array.from(s.data as ArrayLike<number>, comparable)).toEqual(want.values.map(comparable));
    }
  });

  it('a folder with neither says it holds no Zarr dataset', async () => {
    await expect(
      openStore({ kind: 'folder', files: [{ path: 'notes.txt', file: new Blob(['hello']) }], name: 'stuff' }),
    ).rejects.toThrow(/holds no Zarr dataset/);
  });
});
