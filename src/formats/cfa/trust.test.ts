/**
 * The trust rule of aggregations: a master at an http(s) or s3 URL reaches only http(s) and s3 targets. Served
 * over HTTP, `hostile.nca` names four fragments by a `file:` URL, an absolute path, a Windows path and an `ftp:`
 * URL: each is refused with a `FragmentError` that costs only its chunks, and no request is made for it; the
 * fragments named relatively are read from beside the master, and one that answers 404 reads as the fill value.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStoreNode } from '../../opening/open-store-node';
import { startFaultServer, type FaultServer } from '../../store/testing/fault-server';
import { CfaStore } from './index';
import { resolveFragment } from './targets';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/cfa');
const EXPECTED = JSON.parse(readFileSync(path.join(ROOT, 'expected.json'), 'utf8')) as Record<
  string,
  Record<string, { values: number[] }>
>;

let web: FaultServer;

beforeAll(async () => {
  const objects: Record<string, Uint8Array> = {};
  for (const master of ['hostile', 'cfa4_missing'])
    objects[`/d/${master}.nca`] = readFileSync(path.join(ROOT, `${master}.nca`));
  for (const dir of ['cfa3_v04', 'cfa4_missing'])
    for (const f of readdirSync(path.join(ROOT, dir)))
      objects[`/d/${dir}/${f}`] = readFileSync(path.join(ROOT, dir, f));
  web = await startFaultServer(objects);
});

afterAll(async () => {
  await web?.stop();
});

async function openRemote(name: string) {
  const { store } = await openStoreNode({ kind: 'url', url: `${web.url}/d/${name}#mode=bytes` });
  return { store, ds: await readDataset(store, { name }) };
}

describe('fragment targets', () => {
  const remote = { kind: 'remote', url: 'https://data.example/a/m.nca' } as const;
  const local = { kind: 'local', path: 'some/dir/m.nca' } as const;

  it('resolves relative names against a remote master and keeps http(s) and s3 targets of any host', () => {
    expect(resolveFragment('m/x.nc', remote)).toEqual({
      ok: true,
      target: 'https://data.example/a/m/x.nc',
      remote: true,
    });
    expect(resolveFragment('x.nc', remote, 'sub')).toMatchObject({ target: 'https://data.example/a/sub/x.nc' });
    expect(resolveFragment('s3://bucket/k/x.nc', remote)).toMatchObject({ ok: true, target: 's3://bucket/k/x.nc' });
    expect(resolveFragment('https://other.example/x.nc#frag', remote)).toMatchObject({
      target: 'https://other.example/x.nc',
    });
    expect(resolveFragment('m/x.nc', { kind: 'remote', url: 's3://b/a/m.nca' })).toMatchObject({
      target: 's3://b/a/m/x.nc',
    });
  });

  it('refuses file: URLs, local paths and other schemes from a remote master', () => {
    for (const name of ['file:///etc/x.nc', '/etc/x.nc', 'C:\\x.nc', 'C:/x.nc', '\\\\host\\x.nc', 'a\\b.nc'])
      expect(resolveFragment(name, remote)).toMatchObject({ ok: false, why: expect.stringMatching(/local files/) });
    for (const name of ['ftp://h/x.nc', 'data:,x', 'javascript:x'])
      expect(resolveFragment(name, remote)).toMatchObject({ ok: false });
    expect(resolveFragment('x.nc', { kind: 'isolated', name: 'm.nca' })).toMatchObject({ ok: false });
  });

  it('lets a local master name local paths, file: URLs and remote targets', () => {
    expect(resolveFragment('m/x.nc', local)).toEqual({ ok: true, target: 'some/dir/m/x.nc', remote: false });
    expect(resolveFragment('/abs/x.nc', local)).toMatchObject({ target: '/abs/x.nc', remote: false });
    expect(resolveFragment('file:///abs/x%20y.nc', local)).toMatchObject({ target: '/abs/x y.nc', remote: false });
    expect(resolveFragment('https://h/x.nc', local)).toMatchObject({ target: 'https://h/x.nc', remote: true });
    expect(resolveFragment('ftp://h/x.nc', local)).toMatchObject({ ok: false });
  });
});

describe('a master served over HTTP', () => {
  it('refuses the fragments it may not name, each costing only its own chunk, without a request', async () => {
    const { store, ds } = await openRemote('hostile.nca');
    expect(store).toBeInstanceOf(CfaStore);
    const tas = findVariable(ds.root, '/tas')!;
    expect(tas.shape).toEqual([4, 6, 8]);
    const slice = await readSlice(store, tas, [null, null, null]);
    const failed = (slice.failedChunks ?? []).map((f) => f.message);
    expect(failed).toHaveLength(4);
    expect(failed.filter((m) => /may not name local files/.test(m))).toHaveLength(3);
    expect(failed.filter((m) => /ftp: target is not read/.test(m))).toHaveLength(1);
    // The first time step holds the four refused fragments (time 0–1); the rest equals cfa3_v04's values.
    const want = EXPECTED['cfa3_v04.nca']!.tas!.values;
    const got = Array.from(slice.data as Float32Array);
    expect(got.slice(96)).toEqual(want.slice(96));
    expect(got.slice(0, 96).every((x) => x === -999)).toBe(true);
    expect(web.requests.some((r) => /data|ftp|example\.org/.test(r.path))).toBe(false);
    expect((store as CfaStore).opened.every((t) => t.startsWith(`${web.url}/d/cfa3_v04/`))).toBe(true);
  });

  it('reads a fragment that answers 404 as the fill value, naming it', async () => {
    const { store, ds } = await openRemote('cfa4_missing.nca');
    const tas = findVariable(ds.root, '/tas')!;
    const slice = await readSlice(store, tas, [null, null, null]);
    expect(Array.from(slice.data as Float32Array)).toEqual(EXPECTED['cfa4_missing.nca']!.tas!.values);
    expect(slice.failedChunks?.map((f) => f.message)).toEqual([
      '/tas: fragment cfa4_missing/cfa4_missing.tas.1.0.1.nc is missing (not found); its values read as the fill value.',
    ]);
    expect((store as CfaStore).missingFragments()).toEqual(['cfa4_missing/cfa4_missing.tas.1.0.1.nc']);
  });
});
