// openDataset end to end in Node: the zip fixtures (netcdf-c NCZarr zips and a zarr-python ZipStore) opened from
// disk by their `#mode` location, every array read through the handle and compared with the writer-side
// reference dump (fixtures/expected/*.values.json); telemetry and a missing variable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataContext } from './data';
import { isZarrviewError } from './errors';
import { findVariable } from './model';
import { openDataset } from './open';
import { comparable } from './data/testing/variable';
import { openStoreNode } from './opening/open-store-node';

const REPO = join(import.meta.dirname, '..');
interface Entry {
  name: string;
  path: string;
  mode: string;
  expected: { values?: string };
}
const index = join(REPO, 'fixtures', 'index.json');
const zips = (JSON.parse(readFileSync(index, 'utf8')) as { datasets: Entry[] }).datasets.filter(
  (d) => d.path.endsWith('.zip') && d.expected.values,
);

function utf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

describe('openDataset on zip fixtures', () => {
  it('has zip fixtures', () => expect(zips.length).toBeGreaterThan(2));
  const context = createDataContext({ workers: false });
  for (const e of zips) {
    it(e.name, async () => {
      const ds = await openDataset(
        { kind: 'local', path: `${join(REPO, e.path)}#mode=${e.mode}` },
        { openStore: openStoreNode, context },
      );
      const ref = JSON.parse(readFileSync(join(REPO, e.expected.values!), 'utf8')) as {
        arrays: Record<string, { values: unknown[] }>;
      };
      let compared = 0;
      const problems: string[] = [];
      for (const [path, exp] of Object.entries(ref.arrays)) {
        if (!findVariable(ds.model.root, path)) continue;
        const s = await ds.read(path, []);
        const flat = Array.from(s.data as ArrayLike<unknown>, comparable);
        const got = s.complex ? flat.flatMap((x, i) => (i % 2 ? [] : [[x, flat[i + 1]]])) : flat;
        const want = exp.values.map((x, i) =>
          x === null ? got[i] : typeof x === 'string' && got[i] !== x ? utf8(x) : x,
        );
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${path} differs`);
        compared++;
      }
      expect(problems).toEqual([]);
      expect(compared).toBeGreaterThan(0);
      const t = ds.telemetry();
      expect(t.chunksDecoded).toBeGreaterThan(0);
      expect(ds.location).toContain('zip');
    });
  }

  it('a variable that does not exist is a typed not-found error', async () => {
    const e = zips[0]!;
    const ds = await openDataset(
      { kind: 'local', path: `${join(REPO, e.path)}#mode=${e.mode}` },
      { openStore: openStoreNode, context },
    );
    const err = await ds.read('/no/such/variable', []).catch((x: unknown) => x);
    expect(isZarrviewError(err) && err.code).toBe('not-found');
  });
});

describe('openDataset lazy', () => {
  const context = createDataContext({ workers: false });
  const source = { kind: 'local' as const, path: `${join(REPO, 'fixtures/lazy/many.file')}#mode=nczarr,file` };

  it('opens with every variable pending; a read of one reads its metadata first and gives ncdump values', async () => {
    const ds = await openDataset(source, { openStore: openStoreNode, context, lazy: true });
    expect(ds.model.root.variables).toEqual([]);
    expect(ds.model.root.pending).toHaveLength(1000);
    const seen: unknown[] = [];
    ds.subscribe((m) => seen.push(m));
    const slice = await ds.read('/v0987', [null, null]);
    const text = readFileSync(join(REPO, 'fixtures/lazy/many.v0987.cdl'), 'utf8');
    const want = text
      .slice(text.indexOf('=') + 1, text.lastIndexOf(';'))
      .split(',')
      .map(Number);
    expect(Array.from(slice.data as Float32Array)).toEqual(want);
    expect(findVariable(ds.model.root, '/v0987')?.shape).toEqual([4, 5]);
    expect(ds.model.root.pending).toHaveLength(999);
    expect(seen).toEqual([ds.model]);
  });

  it('without lazy everything is read at open (the CLI)', async () => {
    const ds = await openDataset(source, { openStore: openStoreNode, context });
    expect(ds.model.root.variables).toHaveLength(1000);
    expect(ds.model.root.pending).toBeUndefined();
    expect(await ds.load(['/v0001'])).toBe(ds.model);
  });
});
