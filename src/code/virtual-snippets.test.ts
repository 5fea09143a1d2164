/**
 * Sources, Report facts, dataset notices and code of kerchunk references and CFA aggregations (Icechunk's are in
 * src/formats/icechunk/values.test.ts): counted from the fixtures themselves, never typed as expectations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { findVariable, readDataset } from '../model/index';
import { buildReport } from '../report/index';
import { createDataContext } from '../data/context';
import { codeForView } from './snippets';

const ROOT = path.join(import.meta.dirname, '..', '..', 'fixtures');

describe('kerchunk references', () => {
  it('sources count the references of the document by kind; the Report and the code say so', async () => {
    const file = path.join(ROOT, 'refs', 'nc4.v0.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const refs = (doc.refs ?? doc) as Record<string, unknown>;
    const chunkKeys = Object.keys(refs).filter((k) => !/(^|\/)(\.z\w+|zarr\.json)$/.test(k));
    const virtual = chunkKeys.filter((k) => Array.isArray(refs[k])).length;
    const { store } = await openStoreNode({ kind: 'local', path: file });
    const s = await store.sources!();
    expect(s.kind).toBe('kerchunk');
    expect(s.chunks.virtual).toBe(virtual);
    expect(s.chunks.inline).toBe(chunkKeys.length - virtual);
    expect(s.hosts).toEqual(['local files']);
    const ds = await readDataset(store, { name: 'nc4.v0' });
    const facts = Object.fromEntries(
      buildReport(ds, { standardNames: null, sources: s }).facts.map((f) => [f.label, f.value]),
    );
    expect(facts.References).toContain(`${chunkKeys.length} chunk references`);
    const v = [...ds.root.variables].find((x) => x.shape.length > 0)!;
    const code = codeForView({
      location: 'https://example.org/data/nc4.v0.json',
      dataset: ds,
      variable: v,
      selection: v.shape.map(() => null),
    });
    expect(code.xarray).toContain('xr.open_dataset("reference://", engine="zarr"');
    expect(code.xarray).toContain('"fo": "https://example.org/data/nc4.v0.json"');
  });
});

describe('CFA aggregations', () => {
  it('sources list every fragment; a missing one gives a dataset notice naming it; the code uses S3netCDF4', async () => {
    const master = path.join(ROOT, 'cfa', 'cfa4_missing.nca');
    const ds = await openDataset(
      { kind: 'local', path: master },
      { openStore: openStoreNode, context: createDataContext({ workers: false }) },
    );
    const s = await ds.sources!();
    expect(s.kind).toBe('cfa');
    expect(s.formats).toHaveProperty('netCDF');
    expect(ds.notices()).toEqual([]);
    const tas = findVariable(ds.model.root, '/tas')!;
    await ds.read(
      '/tas',
      tas.shape.map(() => null),
    );
    const notice = ds.notices().find((n) => n.kind === 'missing-fragments');
    expect(notice?.message).toContain('cfa4_missing/cfa4_missing.tas.1.0.1.nc');
    const code = codeForView({ location: master, dataset: ds.model, variable: tas, selection: [0, null, null] });
    expect(code.xarray).toContain('s3Dataset(');
    expect(code.xarray).toContain('var = ds.variables["tas"]');
    ds.close();
  });
});
