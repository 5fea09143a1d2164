/**
 * Every snapshot of the Icechunk fixtures (spec versions 1 and 2, written by the official library) read as that
 * library reads it (fixtures/icechunk/expected.json): each `zarr.json`, each chunk's bytes (inline, native and
 * virtual — the virtual ones from netCDF files on the same S3 endpoint), every array's values, and the history
 * (branches, tags, ancestry). Opened over S3 (s3rver) by branch, tag and snapshot id, and as a local folder.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { comparable } from '../../data/testing/variable';
import { codeForView } from '../../code/snippets';
import { findVariable, readDataset } from '../../model/index';
import { buildReport } from '../../report/index';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { startS3rver, type S3rverHandle } from '../../store/testing/s3rver';
import type { Store } from '../../store/types';
import { IcechunkStore } from './store';
import { ICECHUNK, expectedIcechunk, fromBase64, type ExpectedSnapshot } from './testing';

const expected = expectedIcechunk();
const ctx = createDataContext({ workers: false });
let s3: S3rverHandle;

beforeAll(async () => {
  s3 = await startS3rver({ buckets: ['zarrview'] });
  await s3.putFolder('zarrview', 'fixtures/icechunk', ICECHUNK);
}, 60_000);

afterAll(async () => {
  await s3?.stop();
});

function openS3(url: string) {
  return openStoreNode(
    { kind: 'url', url },
    { s3Defaults: () => Promise.resolve({ endpoint: s3.url, region: 'us-east-1' }) },
  );
}

/** The differences between a snapshot read from `store` and what the official library read (empty: none). */
async function compareSnapshot(store: Store, snap: ExpectedSnapshot, virtual: boolean): Promise<string[]> {
  const problems: string[] = [];
  const text = async (key: string) => {
    const b = await store.get(`/${key}`);
    return b && (JSON.parse(new TextDecoder().decode(b)) as unknown);
  };
  for (const [path, meta] of Object.entries(snap.groups)) {
    const got = await text(path === '/' ? 'zarr.json' : `${path.slice(1)}/zarr.json`);
    if (JSON.stringify(got) !== JSON.stringify(meta)) problems.push(`${path}/zarr.json differs`);
  }
  const ds = await readDataset(store, { name: 'icechunk' });
  for (const [path, a] of Object.entries(snap.arrays)) {
    if (JSON.stringify(await text(`${path.slice(1)}/zarr.json`)) !== JSON.stringify(a.zarrJson))
      problems.push(`${path}/zarr.json differs`);
    const isVirtual = Object.values(a.chunks).some((c) => c.kind === 'virtual');
    if (isVirtual && !virtual) continue;
    for (const [coords, c] of Object.entries(a.chunks)) {
      const key = `${path.slice(1)}/c/${coords}`;
      try {
        const b = await store.get(`/${key}`);
        if (!b || Buffer.compare(Buffer.from(b), Buffer.from(fromBase64(c.base64 ?? ''))) !== 0)
          problems.push(`${key}: bytes differ`);
      } catch (e) {
        problems.push(`${key}: ${(e as Error).message}`);
      }
    }
    const v = findVariable(ds.root, path);
    if (!v) {
      problems.push(`${path}: not in the model`);
      continue;
    }
    const s = await readSlice(store, v, [], { context: ctx });
    const got = Array.from(s.data as ArrayLike<unknown>, comparable);
    if (s.failedChunks?.length) problems.push(`${path}: failed chunks ${JSON.stringify(s.failedChunks)}`);
    else if (JSON.stringify(got) !== JSON.stringify(a.values.values.map(comparable)))
      problems.push(`${path}: ${JSON.stringify(got)} != ${JSON.stringify(a.values.values)}`);
  }
  return problems;
}

for (const [name, repo] of Object.entries(expected.repositories)) {
  describe(`Icechunk ${name} (spec version ${repo.specVersion})`, () => {
    const base = `s3://zarrview/fixtures/icechunk/${name}`;
    for (const [id, snap] of Object.entries(repo.snapshots)) {
      it(`snapshot ${id} (${snap.message}) over S3`, async () => {
        const o = await openS3(`${base}/#snapshot=${id}`);
        expect(o.store).toBeInstanceOf(IcechunkStore);
        expect((o.store as IcechunkStore).snapshot.id).toBe(id);
        expect(await compareSnapshot(o.store, snap, true)).toEqual([]);
      });
    }
    for (const [kind, refs] of [
      ['branch', repo.branches],
      ['tag', repo.tags],
    ] as const)
      for (const [ref, id] of Object.entries(refs))
        it(`${kind} ${ref} opens snapshot ${id}`, async () => {
          const o = await openS3(`${base}#${kind}=${ref}`);
          const store = o.store as IcechunkStore;
          expect(store.snapshot.id).toBe(id);
          expect(store.repository).toMatchObject({ specVersion: repo.specVersion, ref: { kind, name: ref } });
        });
    it('opens branch main by default (no #mode: found where no Zarr metadata is)', async () => {
      const ds = await openDataset(
        { kind: 'url', url: `${base}/` },
        {
          openStore: openStoreNode,
          store: { s3Defaults: () => Promise.resolve({ endpoint: s3.url, region: 'us-east-1' }) },
          context: ctx,
        },
      );
      expect(ds.model.repository?.snapshot.id).toBe(repo.branches.main);
      expect(ds.model.repository?.ref).toEqual({ kind: 'branch', name: 'main' });
      expect((await ds.history!()).branches.map((b) => b.name)).toEqual(Object.keys(repo.branches).sort());
    });
    it('sources: chunks by kind as the library stores them, the virtual files, the hosts; the Report and Code', async () => {
      const o = await openS3(`${base}/`);
      const r = await o.asRepository!();
      const store = r!.store as IcechunkStore;
      const tip = repo.snapshots[repo.branches.main!]!;
      const want = { inline: 0, native: 0, virtual: 0 };
      for (const a of Object.values(tip.arrays)) for (const c of Object.values(a.chunks)) want[c.kind]++;
      const s = await store.sources();
      expect(s.chunks).toEqual(want);
      expect(s.hosts).toEqual(['s3://zarrview']);
      expect(s.specVersion).toBe(repo.specVersion);
      const ds = await readDataset(store, { name: name });
      const report = buildReport(ds, { standardNames: null, sources: s });
      const facts = Object.fromEntries(report.facts.map((f) => [f.label, f.value]));
      expect(facts.Repository).toContain(`spec version ${repo.specVersion}`);
      expect(facts.Snapshot).toContain(repo.branches.main);
      const total = want.inline + want.native + want.virtual;
      expect(facts['Read from other files']).toContain(`(${want.virtual} of ${total})`);
      const v = findVariable(ds.root, '/temp')!;
      const code = codeForView({
        location: `${base}/#branch=main`,
        dataset: ds,
        variable: v,
        selection: [0, null, null],
      });
      expect(code.xarray).toContain('icechunk.Repository.open(icechunk.s3_storage(bucket="zarrview"');
      expect(code.xarray).toContain('readonly_session(branch="main")');
    });
    it('history: branches, tags and every snapshot of each ancestry, parents as the library reports', async () => {
      const o = await openS3(`${base}/#mode=icechunk`);
      const h = await o.store.history!();
      expect(Object.fromEntries(h.branches.map((b) => [b.name, b.snapshot]))).toEqual(repo.branches);
      expect(Object.fromEntries(h.tags.map((t) => [t.name, t.snapshot]))).toEqual(repo.tags);
      const byId = new Map(h.snapshots.map((s) => [s.id, s]));
      for (const line of Object.values(repo.ancestry))
        for (const s of line) {
          expect(byId.get(s.id)?.message).toBe(s.message);
          expect(byId.get(s.id)?.parent ?? null).toBe(s.parentId);
        }
    });
    it('a local folder (as zarrview dump opens it): every non-virtual array of the main branch', async () => {
      const o = await openStoreNode({ kind: 'local', path: join(ICECHUNK, name) });
      const repoOpened = o.asRepository ? await o.asRepository() : undefined;
      expect(repoOpened?.store).toBeInstanceOf(IcechunkStore);
      expect(await compareSnapshot(repoOpened!.store, repo.snapshots[repo.branches.main!]!, false)).toEqual([]);
    });
  });
}
