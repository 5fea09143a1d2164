/** The plain data of a join: its members, the choice of dimension, and what was left out and why. */
import type { Dataset, Group, Variable } from '../model/types';
import type { Store } from '../store/types';

/** `existing`: members are concatenated along a dimension they have (NcML joinExisting); `new`: stacked along a
 * new dimension made from a scalar coordinate each member holds (NcML joinNew, xarray's concat_dim). */
export type JoinKind = 'existing' | 'new';

export interface JoinChoice {
  /** The joined dimension's name (a root dimension, or the scalar coordinate that becomes one). */
  readonly dimension: string;
  readonly kind: JoinKind;
  /** Why this dimension: `asked`, `unlimited`, `time`, `standard_name`, `axis`. */
  readonly why: 'asked' | 'unlimited' | 'time' | 'standard_name' | 'axis';
}

/** Opens one member: its store, and its model when the opener has read it already. */
export type OpenMember = (
  location: string,
  signal: AbortSignal | undefined,
) => Promise<{ readonly store: Store; readonly dataset?: Dataset | undefined }>;

/** A member left out of the join (another variable set, another grid, unreadable), named as it was given. */
export interface LeftOut {
  readonly location: string;
  readonly message: string;
  readonly cause?: unknown;
  /** Position in the list the caller gave. */
  readonly index?: number | undefined;
}

export interface JoinProgress {
  /** Members read so far (opened or failed). */
  readonly read: number;
  readonly total: number;
  /** Members that could not be read so far. */
  readonly failed: number;
}

/** One member as the join keeps it: its store and the variables the join reads from it (not its whole model). */
export interface Member {
  readonly location: string;
  /** Position in the list the caller gave (ties in the joined coordinate keep that order). */
  readonly index: number;
  readonly store: Store;
  /** The member's root group (its header), and its variables by path. */
  readonly root: Group;
  readonly variables: ReadonlyMap<string, Variable>;
  /** Paths of the variables joined (see `joinedPaths`). */
  readonly joined: ReadonlySet<string>;
  /** Length along the joined dimension (1 for a new dimension). */
  readonly length: number;
  /** The joined coordinate's values in this member (raw, as stored), when it has one. */
  readonly coordinate: readonly number[] | undefined;
  /** The joined coordinate's `units`, when it has some. */
  readonly units: string | undefined;
  /** What must agree across members (variables, types, shapes apart from the joined dimension). */
  readonly signature: string;
  readonly choice: JoinChoice;
  /** The member's file format (`Dataset.format`: `netCDF-4`, `classic`, …); undefined for a Zarr store. */
  readonly format?: string | undefined;
  /** A Zarr member with consolidated metadata. */
  readonly consolidated?: boolean | undefined;
}
