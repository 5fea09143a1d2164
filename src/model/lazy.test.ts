/**
 * The lazy hierarchy (lazy.ts): what a lazy open fetches, what loading reads, and that a lazy open read to the
 * end gives exactly the model of a full read on every fixture and every store of the netcdf-c corpus.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printCdl } from '../cdl';
import { corpusCases } from '../../scripts/fixtures/corpus-compare';
import { HttpError } from '../errors';
import { NodeFolderStore } from '../store/node-folder-store';
import type { Store } from '../store/types';
import { findVariable, pendingPaths, walkVariables } from './find';
import { openMetadata } from './lazy';
import { type ReadDatasetOptions, readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson } from './testing/zarray';
import type { Dataset } from './types';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** What a reader shows of a model: the CDL with special attributes, and the problems (keys and messages). */
function shown(ds: Dataset) {
  return {
    cdl: printCdl(ds, { special: true }),
    problems: ds.problems.map((p) => `${p.key}: ${p.message}`).sort(),
  };
}

async function expectSameWhenLoaded(store: () => Store, o: ReadDatasetOptions) {
  const eager = await readDataset(store(), o);
  const lazy = await openMetadata(store(), { ...o, lazy: true });
  const full = await lazy.loadAll();
  expect(pendingPaths(full.root)).toEqual([]);
  expect(shown(full)).toEqual(shown(eager));
}

interface Fixture {
  name: string;
  path: string;
  mode: string;
}

describe('a lazy open read to the end is a full read', () => {
  const index = JSON.parse(readFileSync(path.join(REPO, 'fixtures/index.json'), 'utf8')) as { datasets: Fixture[] };
  const folders = index.datasets.filter((d) => statSync(path.join(REPO, d.path)).isDirectory());
  it('has folder fixtures', () => expect(folders.length).toBeGreaterThan(20));
  for (const d of folders) {
    const words = d.mode.split(',');
    const mode = { nczarr: words.includes('nczarr') || undefined, zarr: words.includes('zarr') || undefined };
    const o = { name: 'x', mode };
    const root = path.join(REPO, d.path);
    it(`${d.name} (listing)`, () => expectSameWhenLoaded(() => new NodeFolderStore(root), o));
    it(`${d.name} (no listing)`, () =>
      expectSameWhenLoaded(() => {
        const s = new NodeFolderStore(root);
        return { description: s.description, get: (k, opts) => s.get(k, opts) };
      }, o));
  }
  const stores = [...new Map(corpusCases().map((c) => [c.store, c])).values()].filter((c) => existsSync(c.store));
  it('has corpus stores', () => expect(stores.length).toBeGreaterThan(100));
  it('every store of the netcdf-c corpus', async () => {
    for (const c of stores) {
      const o = { name: c.name, mode: c.pureZarr ? { zarr: true } : { nczarr: true } };
      await expectSameWhenLoaded(() => new NodeFolderStore(c.store), o).catch((e: unknown) => {
        throw new Error(`${c.store}: ${(e as Error).message}`);
      });
    }
  }, 120_000);
});

/** An NCZarr group as netcdf-c 4.9.3 writes it (attribute form), with `n` float variables over (y, x). */
function manyVariables(n: number): Record<string, unknown> {
  const names = Array.from({ length: n }, (_, i) => `v${String(i).padStart(6, '0')}`);
  const files: Record<string, unknown> = {
    '.zgroup': { zarr_format: 2 },
    '.zattrs': {
      _nczarr_superblock: { version: '2.0.0' },
      _nczarr_group: { dimensions: { y: 4, x: 5 }, arrays: names, groups: [] },
    },
  };
  for (const v of names) {
    files[`${v}/.zarray`] = zarrayJson({ shape: [4, 5], chunks: [4, 5], dtype: '<f4', fill_value: 'NaN' });
    files[`${v}/.zattrs`] = {
      units: 'K',
      _ARRAY_DIMENSIONS: ['y', 'x'],
      _nczarr_array: { dimension_references: ['/y', '/x'], storage: 'chunked' },
    };
  }
  return files;
}

describe('a lazy open of 100,000 variables', () => {
  const files = manyVariables(100_000);

  it('fetches a handful of documents, and a screen of rows about two per row', async () => {
    const store = memoryStore(files, false);
    const loader = await openMetadata(store, { mode: { nczarr: true }, lazy: true });
    const opened = store.requests.length;
    expect(store.requests).toEqual(['/zarr.json', '/.zmetadata', '/.zgroup', '/.zattrs']);
    const root = loader.model.root;
    expect(root.variables).toEqual([]);
    expect(root.pending).toHaveLength(100_000);
    expect(root.dimensions.map((d) => `${d.name}=${d.length}`)).toEqual(['y=4', 'x=5']);
    // The rows of one screen, far down the list.
    const rows = root.pending!.slice(73_000, 73_030).map((p) => p.path);
    const model = await loader.load(rows);
    expect(store.requests.length - opened).toBe(2 * rows.length);
    expect(model.root.variables.map((v) => v.path)).toEqual(rows);
    expect(model.root.pending).toHaveLength(100_000 - rows.length);
    const v = findVariable(model.root, rows[0]!)!;
    expect(v.dimensions.map((d) => d.path)).toEqual(['/y', '/x']);
    expect(v.attributes.map((a) => a.name)).toEqual(['units']);
    // Loading them again asks for nothing.
    await loader.load(rows);
    expect(store.requests.length - opened).toBe(2 * rows.length);
  });
});

describe('loading', () => {
  const files = {
    ...manyVariables(5),
    'v000002/.zarray': '{"zarr_format": 2, "shape": [4, 5',
  };

  it('a broken array costs only itself: it becomes a problem of its group when read', async () => {
    const loader = await openMetadata(memoryStore(files, false), { mode: { nczarr: true }, lazy: true });
    const m = await loader.load(['/v000001', '/v000002', '/v000003']);
    expect(m.root.variables.map((v) => v.name)).toEqual(['v000001', 'v000003']);
    expect(m.problems.map((p) => p.key)).toEqual(['v000002']);
    expect(m.root.pending?.map((p) => p.name)).toEqual(['v000000', 'v000004']);
    const eager = await readDataset(memoryStore(files, false), { mode: { nczarr: true } });
    expect(shown(await loader.loadAll())).toEqual(shown(eager));
  });

  it('keeps variables that did not change (same object), publishes each new model, and orders by metadata', async () => {
    const loader = await openMetadata(memoryStore(files, false), { mode: { nczarr: true }, lazy: true });
    const seen: Dataset[] = [];
    loader.subscribe((m) => seen.push(m));
    const a = await loader.load(['/v000003']);
    const b = await loader.load(['/v000000']);
    expect(seen).toEqual([a, b]);
    expect(findVariable(b.root, '/v000003')).toBe(findVariable(a.root, '/v000003'));
    expect(b.root.variables.map((v) => v.name)).toEqual(['v000000', 'v000003']);
  });

  it('a read the connection fails (5xx, timeout) rejects and leaves the variable pending, to be tried again', async () => {
    const store = memoryStore(files, false);
    let down = true;
    const flaky: Store = {
      ...store,
      get: (key, opts) =>
        down && key.startsWith('/v000001/')
          ? Promise.reject(new HttpError('timeout', 0, `${key} did not answer in time.`, { key }))
          : store.get(key, opts),
    };
    const loader = await openMetadata(flaky, { mode: { nczarr: true }, lazy: true });
    await expect(loader.loadVariable('/v000001')).rejects.toMatchObject({ code: 'timeout' });
    expect(loader.model.problems).toEqual([]);
    expect(loader.model.root.pending?.map((p) => p.name)).toContain('v000001');
    down = false;
    expect((await loader.loadVariable('/v000001'))?.name).toBe('v000001');
    expect(loader.model.problems).toEqual([]);
  });

  it('a cancelled load leaves the variable pending; a read shared with another caller goes on', async () => {
    const store = memoryStore(files, false);
    const loader = await openMetadata(store, { mode: { nczarr: true }, lazy: true });
    const gone = new AbortController();
    gone.abort();
    await expect(loader.load(['/v000000'], { signal: gone.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(loader.model.root.pending?.map((p) => p.name)).toContain('v000000');
    const c = new AbortController();
    const first = loader.load(['/v000004'], { signal: c.signal });
    const second = loader.load(['/v000004']);
    c.abort();
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    expect(walkVariables((await second).root).map((v) => v.name)).toEqual(['v000004']);
  });

  it('loadVariable reads a bare name and the coordinate variables of its dimensions', async () => {
    const store = memoryStore(
      {
        '.zgroup': { zarr_format: 2 },
        '.zattrs': {
          _nczarr_superblock: { version: '2.0.0' },
          _nczarr_group: { dimensions: { x: 3 }, arrays: ['t', 'x', 'other'] },
        },
        'x/.zarray': zarrayJson(),
        'x/.zattrs': { _nczarr_array: { dimension_references: ['/x'] } },
        't/.zarray': zarrayJson(),
        't/.zattrs': { _nczarr_array: { dimension_references: ['/x'] } },
        'other/.zarray': zarrayJson(),
      },
      false,
    );
    const loader = await openMetadata(store, { mode: { nczarr: true }, lazy: true });
    const v = await loader.loadVariable('t');
    expect(v?.path).toBe('/t');
    expect(loader.model.root.variables.map((x) => x.name)).toEqual(['t', 'x']);
    expect(loader.model.root.pending?.map((p) => p.name)).toEqual(['other']);
    expect(await loader.loadVariable('/nothing')).toBeUndefined();
  });

  it('pure Zarr found by listing: names first, a group among them is found when read', async () => {
    const store = () =>
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'a/.zarray': zarrayJson(),
        'a/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
        'g/.zgroup': { zarr_format: 2 },
        'g/b/.zarray': zarrayJson(),
        'g/b/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
      });
    const loader = await openMetadata(store(), { lazy: true });
    expect(loader.model.root.pending?.map((p) => `${p.path} ${p.kind}`)).toEqual(['/a node', '/g node']);
    const m = await loader.load(['/g']);
    expect(m.root.groups.map((g) => g.path)).toEqual(['/g']);
    expect(m.root.groups[0]!.pending?.map((p) => p.path)).toEqual(['/g/b']);
    expect(shown(await loader.loadAll())).toEqual(shown(await readDataset(store())));
  });
});
