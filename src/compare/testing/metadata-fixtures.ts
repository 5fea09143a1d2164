/** The comparison fixtures (fixtures/compare) read as models with `readDataset`, for the metadata diff's tests. */
import path from 'node:path';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import type { Dataset, Variable } from '../../model/types';
import { NodeFolderStore } from '../../store/node-folder-store';

const here = path.dirname(new URL(import.meta.url).pathname);
const FIXTURES = path.resolve(here, '../../../fixtures/compare');

/** The path of `fixtures/compare/<name>`. */
export const fixture = (name: string) => path.join(FIXTURES, name);

/** The model of `fixtures/compare/<name>`, named without its `.zarr`. */
export async function open(name: string): Promise<Dataset> {
  return readDataset(new NodeFolderStore(fixture(name)), { name: name.replace(/\.zarr$/, '') });
}

/** The variable at path `p` of `ds`; throws if there is none. */
export function variable(ds: Dataset, p: string): Variable {
  const v = findVariable(ds.root, p);
  if (!v) throw new Error(`no ${p}`);
  return v;
}
