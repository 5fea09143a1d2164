/** Tests only: a file of fixtures/netcdf4-usertypes/ (written by netcdf-c's ncgen) opened as the viewer opens it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findVariable, openDataset, type OpenDataset, type Slice, type Variable } from '../../core';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/netcdf4-usertypes');

const opened = new Map<string, Promise<OpenDataset>>();

export function openFixture(name: string): Promise<OpenDataset> {
  let ds = opened.get(name);
  if (!ds) {
    const file = new Blob([readFileSync(path.join(DIR, `${name}.nc`))]);
    ds = openDataset({ kind: 'file', file, name: `${name}.nc` });
    opened.set(name, ds);
  }
  return ds;
}

/** A variable of a fixture and its whole slice. */
export async function readFixture(name: string, varPath: string): Promise<{ variable: Variable; slice: Slice }> {
  const ds = await openFixture(name);
  const variable = findVariable(ds.model.root, varPath);
  if (!variable) throw new Error(`${name} has no ${varPath}`);
  const slice = await ds.read(
    varPath,
    variable.shape.map(() => null),
  );
  return { variable, slice };
}
