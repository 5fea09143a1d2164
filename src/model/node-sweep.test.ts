/**
 * No node is lost: every array and group that a store's files name — a folder holding `.zarray`, `.zgroup` or
 * `zarr.json`, a key of the consolidated `.zmetadata`, an entry of v3 `consolidated_metadata`, a name in an NCZarr
 * group annotation — is a variable or group of the model, whatever its name (`0`, `1.2.3`, `c`, `a b`, UTF-8), in a
 * full read and in a lazy open read to the end, with and without a listing where the store needs none. The nodes
 * are found here by walking the folder with Node's fs, independently of the readers.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusCases } from '../../scripts/fixtures/corpus-compare';
import { NodeFolderStore } from '../store/node-folder-store';
import type { Store } from '../store/types';
import { walkGroups, walkVariables } from './find';
import { openMetadata } from './lazy';
import { type ReadDatasetOptions, readDataset } from './read-dataset';
import type { Dataset } from './types';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

interface Named {
  readonly arrays: Set<string>;
  readonly groups: Set<string>;
  /** Whether the store names its nodes without a listing (consolidated, or NCZarr annotations). */
  readonly selfDescribing: boolean;
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8').replace(/\bNaN\b|-?\bInfinity\b/g, '0'));

/** Every node the files of the store at `root` name, as model paths (`/a/b`). */
function namedNodes(root: string): Named {
  const arrays = new Set<string>();
  const groups = new Set<string>();
  const walk = (dir: string, rel: string) => {
    const here = (f: string) => existsSync(path.join(dir, f));
    const modelPath = `/${rel}`;
    if (here('.zarray')) arrays.add(modelPath);
    else if (here('zarr.json')) {
      const node = json(path.join(dir, 'zarr.json')) as { node_type?: string };
      (node.node_type === 'array' ? arrays : groups).add(modelPath);
    } else if (here('.zgroup')) groups.add(modelPath);
    if (here('.zarray') || (here('zarr.json') && arrays.has(modelPath))) return; // chunks below
    for (const e of readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory()) walk(path.join(dir, e.name), rel === '' ? e.name : `${rel}/${e.name}`);
  };
  walk(root, '');
  let selfDescribing = false;
  const zmeta = path.join(root, '.zmetadata');
  if (existsSync(zmeta)) {
    selfDescribing = true;
    for (const k of Object.keys((json(zmeta) as { metadata: Record<string, unknown> }).metadata)) {
      const m = /^(.*)\/\.(zarray|zgroup)$/.exec(k);
      if (m) (m[2] === 'zarray' ? arrays : groups).add(`/${m[1]}`);
    }
  }
  const v3 = path.join(root, 'zarr.json');
  if (existsSync(v3)) {
    const cm = (json(v3) as { consolidated_metadata?: { metadata?: Record<string, { node_type?: string }> } })
      .consolidated_metadata?.metadata;
    if (cm) selfDescribing = true;
    for (const [k, node] of Object.entries(cm ?? {})) (node.node_type === 'array' ? arrays : groups).add(`/${k}`);
  }
  groups.delete('/');
  return { arrays, groups, selfDescribing };
}

/** The model's paths, and the problems' keys (a node not shown must at least be a problem; none is here). */
function modelNodes(ds: Dataset) {
  return {
    arrays: new Set(walkVariables(ds.root).map((v) => v.path)),
    groups: new Set(walkGroups(ds.root).map((g) => g.path)),
  };
}

function missing(named: Named, ds: Dataset): string[] {
  const m = modelNodes(ds);
  return [
    ...[...named.arrays].filter((p) => !m.arrays.has(p)).map((p) => `array ${p}`),
    ...[...named.groups].filter((p) => !m.groups.has(p)).map((p) => `group ${p}`),
  ];
}

const unlisted = (s: Store): Store => ({ description: s.description, get: (k, o) => s.get(k, o) });

async function expectAllShown(root: string, o: ReadDatasetOptions) {
  const named = namedNodes(root);
  const stores: [string, () => Store][] = [['listing', () => new NodeFolderStore(root)]];
  if (named.selfDescribing || o.mode?.nczarr) stores.push(['no listing', () => unlisted(new NodeFolderStore(root))]);
  for (const [how, store] of stores) {
    const full = await readDataset(store(), o);
    expect({ how, lazy: false, missing: missing(named, full) }).toEqual({ how, lazy: false, missing: [] });
    const lazy = await (await openMetadata(store(), { ...o, lazy: true })).loadAll();
    expect({ how, lazy: true, missing: missing(named, lazy) }).toEqual({ how, lazy: true, missing: [] });
  }
  return named.arrays.size + named.groups.size;
}

interface Fixture {
  name: string;
  path: string;
  mode: string;
}

function modeOf(words: string[]): ReadDatasetOptions['mode'] {
  return { nczarr: words.includes('nczarr') || undefined, zarr: words.includes('zarr') || undefined };
}

describe('every node a store names is in the model', () => {
  const index = JSON.parse(readFileSync(path.join(REPO, 'fixtures/index.json'), 'utf8')) as { datasets: Fixture[] };
  const folders = index.datasets.filter((d) => statSync(path.join(REPO, d.path)).isDirectory());

  it('the sweep covers names that look like numbers and chunk keys', () => {
    const named = namedNodes(path.join(REPO, 'fixtures/digit-names/names.zarr'));
    for (const p of ['/0', '/12', '/0.0', '/1.2.3', '/c', '/a b', '/température', '/7/c', '/1.0/0', '/g 1/0.0'])
      expect(named.arrays.has(p) || named.groups.has(p)).toBe(true);
  });

  for (const d of folders) {
    it(d.name, async () => {
      const count = await expectAllShown(path.join(REPO, d.path), { name: 'x', mode: modeOf(d.mode.split(',')) });
      expect(count).toBeGreaterThan(0);
    });
  }

  it('the Zarr v3 hierarchy written by zarr-python 3 (names with leading digits and spaces)', async () => {
    await expectAllShown(path.join(REPO, 'fixtures/zarr-v3/data.zarr'), { name: 'x' });
  });

  it('every store of the netcdf-c corpus (NCZarr and pure Zarr written by ncgen)', async () => {
    const stores = [...new Map(corpusCases().map((c) => [c.store, c])).values()].filter((c) => existsSync(c.store));
    expect(stores.length).toBeGreaterThan(100);
    for (const c of stores) {
      const o = { name: c.name, mode: c.pureZarr ? { zarr: true } : { nczarr: true } };
      await expectAllShown(c.store, o).catch((e: unknown) => {
        throw new Error(`${c.store}: ${(e as Error).message}`);
      });
    }
  }, 180_000);
});
