/**
 * A dropped folder as a place: trees built from committed fixtures read from disk (fixtures/listing's two stores and
 * GOES-like netCDF files, a Zarr store, the CFA folder), listed with the kinds fixtures/listing/expected.json gives
 * (written by scripts/fixtures/make-listing.py), each entry opened from the dropped files as it opens alone, and
 * entries that cannot be read each saying why while the rest lists.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/index';
import { readOrFile } from '../opening/fallback';
import { openStore } from '../opening/open-store';
import type { FolderFile } from '../store/types';
import { createTreeLister } from './tree-lister';
import { datasetsOf, droppedSourceAt, treeIsPlace, treeOfFiles } from './tree';
import type { Entry } from './types';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const LISTING = join(FIXTURES, 'listing');
const HOUR = join(LISTING, 'goes', 'ABI-L2-CMIPF', '2024', '001', '00');
const expected = JSON.parse(readFileSync(join(LISTING, 'expected.json'), 'utf8')) as Record<
  string,
  [string, number | null, string][]
>;

/** The files under `dir` as a drop gives them, their paths relative to it with `prefix` before. */
function dropped(dir: string, prefix = ''): FolderFile[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(dir).map((f) => ({ path: prefix + relative(dir, f), file: new Blob([readFileSync(f)]) }));
}

const ncFiles = readdirSync(HOUR).sort().slice(0, 2);
/** Two stores (Zarr, NCZarr) and two netCDF-4 files, side by side. */
const mixed = (): FolderFile[] => [
  ...dropped(join(LISTING, 'stores')),
  ...ncFiles.map((n) => ({ path: n, file: new Blob([readFileSync(join(HOUR, n))]) })),
];

/** The variables at a Zarr v2 store's root, from its own files (folders holding `.zarray`). */
const zarrArrays = (dir: string) =>
  readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory() && readdirSync(join(dir, n)).includes('.zarray'))
    .sort();

async function listAll(files: FolderFile[], at = ''): Promise<Entry[]> {
  const lister = createTreeLister(treeOfFiles(files), 'local:1/');
  const place = await lister.resolve(`local:1/${at}`);
  return [...(await lister.list(place)).entries];
}

describe('a dropped folder: one dataset or a place', () => {
  it('two stores and two netCDF files are a place; one store, or a CFA folder, is one dataset', () => {
    expect(treeIsPlace(treeOfFiles(mixed()))).toBe(true);
    expect(datasetsOf(treeOfFiles(mixed())).map((d) => d.path)).toEqual([
      'cf-packed.zarr/',
      'groups.file/',
      ...ncFiles,
    ]);
    const store = join(FIXTURES, 'zarr-python', 'layout.zarr');
    expect(treeIsPlace(treeOfFiles(dropped(store)))).toBe(false);
    expect(treeIsPlace(treeOfFiles(dropped(store, 'layout.zarr/')))).toBe(false);
    expect(treeIsPlace(treeOfFiles(dropped(join(FIXTURES, 'cfa'))))).toBe(false);
    const master = [{ path: 'm.nc', file: new Blob(['CDF\x01']) }, ...dropped(join(FIXTURES, 'cfa', 'cfa4_v04'), 'f/')];
    expect(treeIsPlace(treeOfFiles(master))).toBe(false);
    expect(treeIsPlace(treeOfFiles([{ path: 'notes.txt', file: new Blob(['hi']) }]))).toBe(false);
  });

  it('two netCDF files side by side, or one in a sub-folder, are a place', () => {
    const two = ncFiles.map((n) => ({ path: n, file: new Blob([readFileSync(join(HOUR, n))]) }));
    expect(treeIsPlace(treeOfFiles(two))).toBe(true);
    expect(treeIsPlace(treeOfFiles([{ path: `00/${ncFiles[0]}`, file: two[0]!.file }]))).toBe(true);
  });
});

describe('createTreeLister', () => {
  it('lists the stores by kind as the bucket listing does, and the files by their first bytes', async () => {
    const entries = await listAll(mixed());
    const stores = entries.filter((e) => e.key!.endsWith('/'));
    const want = expected['stores/']!;
    expect(stores.map((e) => [e.kind, e.name])).toEqual(want.map(([kind, , name]) => [kind, name]));
    const files = entries.filter((e) => !e.key!.endsWith('/'));
    const listed = expected['goes/ABI-L2-CMIPF/2024/001/00/']!.filter(([, , n]) => ncFiles.includes(n));
    expect(files.map((e) => [e.name, e.size])).toEqual(listed.map(([, size, name]) => [name, size]));
    // The name says netCDF; the first bytes say HDF5 (xarray wrote netCDF-4).
    for (const e of files) expect(e.kind).toBe('netcdf4');
    for (const e of entries) expect([e.guessed, e.error, e.open]).toEqual([false, undefined, `local:1/${e.key}`]);
  });

  it('opens each entry from the dropped files as it opens dropped alone', async () => {
    const files = mixed();
    const storeDir = join(LISTING, 'stores', 'cf-packed.zarr');
    const open = async (path: string) => {
      const source = droppedSourceAt(files, path)!;
      const o = await openStore(source);
      const { value } = await readOrFile(o, (store) => readDataset(store, { mode: o.mode }));
      return value.root;
    };
    const alone = await readDataset((await openStore({ kind: 'folder', files: dropped(storeDir), name: 'x' })).store);
    const root = await open('cf-packed.zarr/');
    expect(root.variables.map((v) => v.name).sort()).toEqual(zarrArrays(storeDir));
    expect(root.variables.map((v) => v.name)).toEqual(alone.root.variables.map((v) => v.name));
    const nczarr = await open('groups.file/');
    const groupsDir = join(LISTING, 'stores', 'groups.file');
    expect(nczarr.groups.map((g) => g.name).sort()).toContain('forecast');
    expect(nczarr.variables.map((v) => v.name).sort()).toEqual(zarrArrays(groupsDir));
    const nc = await open(ncFiles[0]!);
    const file = new Blob([readFileSync(join(HOUR, ncFiles[0]!))]);
    const single = await openStore({ kind: 'file', file, name: ncFiles[0]! });
    const { value: one } = await readOrFile(single, (store) => readDataset(store, { mode: single.mode }));
    expect(nc.variables.map((v) => v.name)).toEqual(one.root.variables.map((v) => v.name));
    expect(nc.variables.length).toBeGreaterThan(0);
    expect(droppedSourceAt(files, 'nothing.nc')).toBeUndefined();
  });

  it('an entry that cannot be read says why; the others list and open', async () => {
    const unreadable = new Blob(['x']);
    unreadable.slice = () => {
      throw new Error('the file was moved');
    };
    const files = [
      ...mixed(),
      { path: 'broken.zarr/.zgroup', file: new Blob(['{ not json']) },
      { path: 'text.nc', file: new Blob(['hello, not netCDF']) },
      { path: 'gone.nc', file: unreadable },
    ];
    const byName = new Map((await listAll(files)).map((e) => [e.name, e]));
    expect(byName.get('broken.zarr')!.error).toMatch(/Its \.zgroup is not JSON/);
    expect(byName.get('text.nc')!.error).toMatch(/not one \(its first bytes\)/);
    expect(byName.get('gone.nc')!.error).toMatch(/cannot be read: the file was moved/);
    for (const n of ['broken.zarr', 'text.nc', 'gone.nc']) expect(byName.get(n)!.open).toBeUndefined();
    expect(byName.get('cf-packed.zarr')!.open).toBe('local:1/cf-packed.zarr/');
  });

  it('pages, filters by prefix, lists sub-folders, and refuses places not its own', async () => {
    const files = dropped(join(LISTING, 'goes'));
    const lister = createTreeLister(treeOfFiles(files), 'local:7/');
    const top = await lister.list(await lister.resolve('local:7/'));
    expect(top.entries.map((e) => [e.kind, e.name, e.place?.url])).toEqual(
      readdirSync(join(LISTING, 'goes'))
        .sort()
        .map((n) => ['folder', n, `local:7/${n}/`]),
    );
    const hour = { kind: 'local', url: 'local:7/ABI-L2-CMIPF/2024/001/00/' } as const;
    const names = readdirSync(HOUR).sort();
    const first = await lister.list(hour, { pageSize: 2 });
    expect(first.entries.map((e) => e.name)).toEqual(names.slice(0, 2));
    const second = await lister.list(hour, { pageSize: 2, cursor: first.next });
    expect(second.entries.map((e) => e.name)).toEqual(names.slice(2, 4));
    expect((await lister.list(hour, { prefixFilter: names[1] })).entries.map((e) => e.name)).toEqual([names[1]]);
    await expect(lister.resolve('local:7/nowhere/')).rejects.toThrow(/not in the dropped folder/);
    await expect(lister.list({ kind: 'local', url: 'local:8/' })).rejects.toThrow(/not a folder of this/);
  });
});
