/**
 * A Zarr structured array (numpy records, here the `uns/rank_genes` record array anndata writes) offered by the
 * viewer as a netCDF-4 compound is: numeric members plotted, text members as text. The store is opened as a dropped
 * folder; the expected values are zarr-python's (fixtures/zarr-python-structured/expected.json, written by
 * scripts/fixtures/make-zarr-structured.py).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataset } from '../core';
import { userView } from '../display/user-frame';
import { compoundLayout, fieldNumbers, fieldValue, parsedElements, type CompoundType } from './compound-fields';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures/zarr-python-structured');

function dropped(root: string, at = ''): { path: string; file: Blob }[] {
  return readdirSync(path.join(root, at)).flatMap((name) => {
    const rel = at ? `${at}/${name}` : name;
    return statSync(path.join(root, rel)).isDirectory()
      ? dropped(root, rel)
      : [{ path: `anndata.zarr/${rel}`, file: new Blob([readFileSync(path.join(root, rel))]) }];
  });
}

describe('a Zarr record array in the viewer', () => {
  it('anndata uns/rank_genes: scores and pvals plot, names are text', async () => {
    const ds = await openDataset({
      kind: 'folder',
      files: dropped(path.join(DIR, 'anndata.zarr')),
      name: 'anndata.zarr',
    });
    const variable = await ds.loadVariable('/uns/rank_genes');
    const t = variable?.userType;
    if (!variable || t?.kind !== 'compound') throw new Error('not a compound');
    const layout = compoundLayout(t as CompoundType);
    expect(layout.numeric.map((f) => f.key)).toEqual(['scores', 'pvals']);
    expect(layout.text.map((f) => f.key)).toEqual(['names']);
    const view = userView(variable, null);
    expect(view.kind === 'field' && view.spec.key).toBe('scores');
    const slice = await ds.read('/uns/rank_genes', [null]);
    const elements = parsedElements(slice.data as readonly string[], t);
    const want = (
      JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as {
        stores: Record<string, Record<string, { values: [string, number, number][] }>>;
      }
    ).stores['anndata.zarr']!['/uns/rank_genes']!.values;
    expect(Array.from(fieldNumbers(elements, layout.numeric[0]!).values)).toEqual(want.map((r) => r[1]));
    expect(Array.from(fieldNumbers(elements, layout.numeric[1]!).values)).toEqual(want.map((r) => r[2]));
    expect(elements.map((v) => (fieldValue(v!, layout.text[0]!) as string[]).join('').replace(/\0+$/, ''))).toEqual(
      want.map((r) => r[0]),
    );
  });
});
