/**
 * `readDataset`: probe the store's dialect (probe.ts), walk its metadata, build the model. xarray's
 * `_ARRAY_DIMENSIONS` is honoured unless `#mode` says `noxarray`.
 *
 * @example const ds = await readDataset(store, { mode: { nczarr: true }, name: 'tst' });
 */
import { AbortedError } from '../errors';
import type { Store } from '../store/types';
import { buildModel, collectProblems } from './build';
import { getCI } from './json';
import type { RawGroup } from './raw';
import { type Probe, probe } from './probe';
import { probing } from './probing';
import type { Dataset, Dialect, Group, Problem } from './types';

export type { Probe } from './probe';

/** The `#mode` words the readers care about (the URL parser's `ModeFlags` fits). */
export interface ModeFlagsLike {
  readonly nczarr?: boolean | undefined;
  readonly zarr?: boolean | undefined;
  /** Default true. */
  readonly xarray?: boolean | undefined;
  readonly consolidated?: boolean | undefined;
  readonly zarrFormat?: 2 | 3 | undefined;
}

export interface ReadDatasetOptions {
  readonly mode?: ModeFlagsLike | undefined;
  /** Dataset name (ncdump's file stem); default `dataset`. */
  readonly name?: string | undefined;
  /** Variable name when the root is a single array (the location's last segment); default the dataset name. */
  readonly arrayName?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Leave arrays pending where their names are known without reading them (NCZarr group annotation, listing):
   * see lazy.ts. Consolidated metadata is always read whole. Default false: everything is read.
   */
  readonly lazy?: boolean | undefined;
  /**
   * Called once when the first round of probes finds none of the root's documents (no zarr.json, .zmetadata,
   * .zgroup or .zattrs): the folder may hold something else (an Icechunk repository), whose probe can start now.
   */
  readonly onNoRootMetadata?: (() => void) | undefined;
}

function usesXarray(g: Group): boolean {
  return g.variables.some((v) => v.dimensions.some((d) => !d.anonymous)) || g.groups.some(usesXarray);
}

/** Probes the store and walks its hierarchy into the raw tree (arrays left pending with `lazy`). */
export async function readRaw(
  store: Store,
  options: ReadDatasetOptions = {},
): Promise<{ raw: RawGroup; probe: Probe }> {
  if (options.signal?.aborted) throw new AbortedError();
  const early: Problem[] = [];
  const p = await probe(probing(store, options), options, early);
  const raw = await p.root(p.src);
  raw.problems.unshift(...early);
  return {
    raw,
    probe: { ...p, fileFormat: store.fileFormat, fileSpecial: store.fileSpecial, repository: store.repository },
  };
}

/** The model of a raw tree (as read so far). */
export function modelOf(raw: RawGroup, p: Probe, options: ReadDatasetOptions = {}): Dataset {
  const xarray = options.mode?.xarray !== false;
  const root = buildModel(raw, { xarray, nczarr: p.nczarr !== null });
  const dialect: Dialect = {
    zarrFormat: p.zarrFormat,
    nczarr: p.nczarr,
    xarray: xarray && p.nczarr === null && usesXarray(root),
    consolidated: p.src.consolidated,
    nczarrVersion: p.version,
  };
  const ncp = getCI(raw.attrs, '_NCProperties');
  return {
    root,
    dialect,
    name: options.name ?? 'dataset',
    problems: collectProblems(root),
    ncProperties: typeof ncp === 'string' ? ncp : undefined,
    ...(p.fileFormat !== undefined ? { format: p.fileFormat } : {}),
    ...(p.fileSpecial !== undefined ? { fileSpecial: p.fileSpecial } : {}),
    ...(p.repository !== undefined ? { repository: p.repository } : {}),
  };
}

/** Reads the whole metadata tree of a dataset into the model. Probing: see probe.ts. */
export async function readDataset(store: Store, options: ReadDatasetOptions = {}): Promise<Dataset> {
  const { raw, probe: p } = await readRaw(store, { ...options, lazy: false });
  return modelOf(raw, p, options);
}
