/**
 * The pyramid fixtures (fixtures/pyramids, written by scripts/fixtures/make-pyramids.py), what zarr-python, xarray
 * and read-zarr-v3.py read of them (expected.json), and the pyramid a variable of a model carries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { NodeFolderStore } from '../../store/node-folder-store';
import { findVariable } from '../find';
import { readDataset } from '../read-dataset';
import type { Dataset, Pyramid } from '../types';

export const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/pyramids');

interface ExpectedLevel {
  path: string | null;
  kind: 'array' | 'group' | null;
  shape?: number[];
  variables?: Record<string, number[]>;
  scale?: number[];
  translation?: number[];
}
interface ExpectedStore {
  consolidated: boolean;
  pyramids: { group: string; convention: string; version: string | null; levels: ExpectedLevel[] }[];
  defects?: Record<string, string>;
  plain?: Record<string, number[]>;
}
export const expected = JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as {
  stores: Record<string, ExpectedStore>;
};

/** The model of `fixtures/pyramids/<name>`. */
export const open = (name: string) => readDataset(new NodeFolderStore(path.join(DIR, name)), { name });

/** The pyramid on the variable at `p`; fails the test if it has none. */
export function pyramidAt(ds: Dataset, p: string): Pyramid {
  const v = findVariable(ds.root, p);
  expect(v?.pyramid, `pyramid on ${p}`).toBeDefined();
  return v!.pyramid!;
}
