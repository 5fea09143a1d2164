/**
 * External links followed over every way a file is opened (fixtures/netcdf4/h5py-links/external.h5 and the
 * external-target.h5 beside it, h5py values in external.h5.values.json): objects of the same folder of a remote
 * store (HTTP, S3), a dropped folder, and not at all for a file opened alone (the links named as lost). A file whose
 * external link leads back to its own root is read once, the cycle named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStore } from '../../opening/open-store';
import type { Store } from '../../store/types';
import { openObjectAsFile } from '../open/sources';
import { openFile } from '../open/registry';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/netcdf4/h5py-links');
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(DIR, name)));
const want = JSON.parse(readFileSync(path.join(DIR, 'external.h5.values.json'), 'utf8')) as {
  arrays: Record<string, { values: number[] }>;
};

/** A remote folder of the fixture files: sizes by HEAD, bytes by range; the keys asked for are kept. */
function remote(files: Record<string, Uint8Array>) {
  const asked: string[] = [];
  const store = {
    size: (key: string) => {
      asked.push(key);
      return Promise.resolve(files[key]?.length);
    },
    get: (key: string) => Promise.resolve(files[key]),
    getRange: (key: string, r: { offset: number; length: number }) =>
      Promise.resolve(files[key]?.slice(r.offset, r.offset + r.length)),
  };
  return { store, asked };
}

async function values(store: Store) {
  const ds = await readDataset(store, { name: 'external' });
  const out: Record<string, number[]> = {};
  for (const p of ['/a', '/e', '/eg/u']) {
    const v = findVariable(ds.root, p);
    if (!v) continue;
    const s = await readSlice(store, v, [null], { budgetBytes: 2 ** 20 });
    out[p] = Array.from(s.data as ArrayLike<number>);
  }
  return { out, problems: ds.problems.map((p) => p.message) };
}

const expected = Object.fromEntries(['/a', '/e', '/eg/u'].map((p) => [p, want.arrays[p]!.values]));

describe('external links', () => {
  it('are followed to an object of the same remote folder', async () => {
    const { store, asked } = remote({
      '/data/external.h5': bytes('external.h5'),
      '/data/external-target.h5': bytes('external-target.h5'),
    });
    const opened = await openObjectAsFile(store, store as unknown as Store, '/data/external.h5', 'external.h5', {});
    expect(await values(opened!)).toEqual({ out: expected, problems: [] });
    // The file's size is its first read's (shorter than asked); the linked file's is asked for.
    expect(asked).toEqual(['/data/external-target.h5']);
  });

  it('are followed to a file of a dropped folder', async () => {
    const files = [
      { path: 'external.nc', file: new Blob([bytes('external.h5')]) },
      { path: 'external-target.h5', file: new Blob([bytes('external-target.h5')]) },
    ];
    const o = await openStore({ kind: 'folder', files, name: 'links' });
    expect(await values(o.store)).toEqual({ out: expected, problems: [] });
  });

  it('are named as lost where the file was opened alone', async () => {
    const b = bytes('external.h5');
    const store = await openFile({
      size: b.length,
      description: 'external.h5',
      read: (o, n) => Promise.resolve(b.slice(o, o + n)),
    });
    const got = await values(store!);
    expect(got.out).toEqual({ '/a': expected['/a'] });
    expect(got.problems).toEqual([
      expect.stringMatching(
        /^\/e is an external link to \/t in external-target\.h5, which leads nowhere: the file external-target\.h5 is not reachable from here/,
      ),
      expect.stringMatching(/^\/eg is an external link to \/tg in external-target\.h5, which leads nowhere/),
    ]);
  });

  it('that lead back to the file itself are read once, the cycle named', async () => {
    // external-self.h5: /self is an external link to the root of external-self.h5, the file itself.
    const b = bytes('external-self.h5');
    const { store } = remote({ '/external-self.h5': b });
    const opened = await openObjectAsFile(
      store,
      store as unknown as Store,
      '/external-self.h5',
      'external-self.h5',
      {},
    );
    const ds = await readDataset(opened!, { name: 'external-self' });
    expect(ds.root.groups.map((g) => [g.name, g.variables.map((v) => v.name)])).toEqual([['self', ['a']]]);
    expect(ds.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^\/self\/self is the group \/self again, which contains it \(a cycle of links\)/),
    ]);
  });
});
