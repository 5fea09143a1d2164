/**
 * What a joined dataset is made of, for code that reproduces it (src/code/join-snippets.ts): its members in joined
 * order, those left out, and the join. Kept beside each joined dataset opened (opened.ts) without loading the join
 * code where it is asked for.
 */
import type { JoinKind } from './types';

export interface JoinDescription {
  /** The join location (the glob or the member list, with its fragment). */
  readonly location: string;
  /** The members joined, in joined order, as they were opened. */
  readonly members: readonly string[];
  /** The members left out. */
  readonly leftOut: readonly string[];
  readonly dimension: string;
  readonly kind: JoinKind;
  /** The first member's file format (`Dataset.format`); undefined for Zarr stores. */
  readonly format: string | undefined;
  /** Zarr members with consolidated metadata. */
  readonly consolidated: boolean;
}

const described = new WeakMap<object, JoinDescription>();

/** Records what `dataset` (an opened joined dataset) is made of. */
export function describeJoin(dataset: object, description: JoinDescription): void {
  described.set(dataset, description);
}

/** What `dataset` is made of when it is a join opened from URLs; undefined otherwise. */
export function joinDescriptionOf(dataset: object): JoinDescription | undefined {
  return described.get(dataset);
}
