/**
 * The dialect-neutral intermediate tree every metadata reader produces: per node its attributes JSON, the
 * NCZarr annotations normalised from whichever form carried them, and the parsed array metadata. `build.ts`
 * turns it into the model (dimensions, types, attributes).
 */
import type { Json, JsonObject } from './json';
import type { ArrayInfo } from './array-info';
import type { Problem } from './types';

export interface NcDimDef {
  readonly name: string;
  readonly size: number;
  readonly unlimited: boolean;
}

/** NCZarr group annotation (`_nczarr_group`, `_NCZARR_GROUP`, `.nczgroup`, v3 `_nczarr_group`). */
export interface NcGroupInfo {
  readonly dims: readonly NcDimDef[];
  readonly arrays?: readonly string[] | undefined;
  readonly groups?: readonly string[] | undefined;
  /** netCDF-4 user-defined type definitions (`user_types`, written by file formats only; user-types.ts). */
  readonly userTypes?: readonly Json[] | undefined;
}

/** NCZarr array annotation (`_nczarr_array`, `_NCZARR_ARRAY`, `.nczarray`). */
export interface NcArrayInfo {
  readonly dimrefs?: readonly string[] | undefined;
  readonly storage?: string | undefined;
  readonly scalar: boolean;
  readonly typeAlias?: string | undefined;
  /** Full path of the variable's netCDF-4 user-defined type (`user_type`, written by file formats only). */
  readonly userType?: string | undefined;
  /** Filters the store decodes itself (`store_filters`, file formats only): `Variable.storeCodecs`. */
  readonly storeFilters?: readonly Json[] | undefined;
}

export interface RawArray {
  readonly name: string;
  readonly key: string;
  readonly info: ArrayInfo;
  readonly attrs: JsonObject;
  readonly attrTypes?: Readonly<Record<string, string>> | undefined;
  readonly nc?: NcArrayInfo | undefined;
}

/** A child of a lazily walked group whose metadata is not read yet. */
export interface PendingChild {
  readonly name: string;
  /** Named as an array by the group's NCZarr annotation; otherwise a listed folder (an array, a group or nothing). */
  readonly known: boolean;
}

export interface RawGroup {
  readonly name: string;
  readonly key: string;
  readonly attrs: JsonObject;
  readonly attrTypes?: Readonly<Record<string, string>> | undefined;
  readonly nc?: NcGroupInfo | undefined;
  readonly arrays: RawArray[];
  readonly groups: RawGroup[];
  readonly problems: Problem[];
  /** Lazy walk: the children not read yet (in metadata order); absent when the group was read whole. */
  pending?: PendingChild[];
  /** Lazy walk: the names of the group's array slots (read or pending) in metadata order. */
  readonly slots?: readonly string[];
}
