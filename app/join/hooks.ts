/**
 * What the page's first script knows of joins (app/join loads the rest on first use): which datasets are joins
 * still growing, and the dataset each will settle on once every member is read (share links wait for it).
 */
import type { OpenedDataset } from '../core';

const settling = new WeakMap<OpenedDataset, Promise<OpenedDataset>>();

/** Records that `ds` (a join shown before all its members were read) settles on `complete`. */
export function settlesOn(ds: OpenedDataset, complete: Promise<OpenedDataset>): void {
  settling.set(ds, complete);
}

/** The dataset `ds` settles on: the whole join for a join still being read (or cancelled), else `ds` itself. */
export function settled(ds: OpenedDataset): Promise<OpenedDataset> {
  return (settling.get(ds) ?? Promise.resolve(ds)).catch(() => ds);
}
