/**
 * CFA aggregations (S3netCDF4's CFA-netCDF 0.4 and 0.5): a netCDF file opened by a file format that turns out to
 * be a CFA master is shown as its aggregated view (store.ts). Anything else is handed back as it is.
 *
 * @example
 * const store = await cfaOrFile(file, { kind: 'local', path }, (target) => openFragment(target));
 */
import { isZarrviewError } from '../../errors';
import { isObject, parseJson } from '../../model/json';
import { readDataset } from '../../model/read-dataset';
import type { Store } from '../../store/types';
import type { FileStore } from '../types';
import { aggregatedDocuments, littleEndian } from './documents';
import { gridOf } from './grid';
import { type Aggregation, readAggregations } from './partitions';
import { type AggregatedArray, CfaStore, type OpenTarget } from './store';
import type { MasterLocation } from './targets';
import { arrayFor } from './values';

export { CfaStore, type OpenTarget } from './store';
export { FragmentError } from './errors';
export { resolveFragment, type MasterLocation } from './targets';

/** Whether the root's `Conventions` attribute names CFA (read from the root document alone). */
async function namesCfa(store: FileStore): Promise<boolean> {
  try {
    const bytes = await store.get('/.zattrs');
    if (!bytes) return false;
    const attrs = parseJson(new TextDecoder().decode(bytes), '/.zattrs');
    const c = isObject(attrs) ? attrs.Conventions : undefined;
    const text = typeof c === 'string' ? c : Array.isArray(c) ? c.filter((x) => typeof x === 'string').join(' ') : '';
    // S3netCDF4's `CFA-0.x`, or CF 1.12 and later (aggregation variables).
    return /CFA|CF-1\.(1[2-9]|[2-9]\d)\b|CF-[2-9]\./.test(text);
  } catch {
    return false;
  }
}

/** The file's aggregated view when it is a CFA master with aggregated variables; the file itself otherwise. */
export async function cfaOrFile(
  store: FileStore,
  master: MasterLocation,
  openTarget: OpenTarget,
  signal?: AbortSignal | undefined,
): Promise<FileStore> {
  if (store instanceof CfaStore || !(await namesCfa(store))) return store;
  let aggregations: Aggregation[];
  try {
    ({ aggregations } = await readAggregations(store, await readDataset(store, { signal }), signal));
  } catch (e) {
    // A master whose model cannot be read whole is shown as its format shows it (its problems said there).
    if (isZarrviewError(e) && e.code !== 'aborted') return store;
    throw e;
  }
  const arrays = new Map<string, AggregatedArray>();
  const chunks = new Map<string, readonly number[]>();
  for (const a of aggregations) {
    if (a.shape.length === 0) continue;
    const grid = gridOf(a.shape, a.fragments);
    const dtype = littleEndian(a.variable.dtype);
    if (!arrayFor(dtype)) continue; // only numbers are aggregated; others stay as the master has them
    const f = a.variable.fillValue;
    const fill = typeof f === 'number' || typeof f === 'bigint' ? f : 0;
    arrays.set(a.variable.path, { aggregation: a, grid, dtype, fill });
    chunks.set(a.variable.path, grid.chunks);
  }
  if (arrays.size === 0) return store;
  const kept = aggregations.filter((a) => arrays.has(a.variable.path));
  const { docs, hidden } = await aggregatedDocuments(store, kept, chunks);
  return new CfaStore(store, docs, hidden, arrays, master, openTarget);
}

/** Opens a location as `openStore` does (with the master's options). */
export type OpenLocation = (source: {
  readonly kind: 'url';
  readonly url: string;
}) => Promise<{ readonly store: Store }>;

/** Fragments opened through `open`: remote ones as files at once (`#mode=bytes`), local paths as files are. */
function through(open: OpenLocation): OpenTarget {
  return async (target, remote) => (await open({ kind: 'url', url: remote ? `${target}#mode=bytes` : target })).store;
}

/** `cfaOrFile` for a local file (the CLI): fragments at local paths, `file:` URLs, http(s) and s3. */
export function cfaLocal(store: FileStore, path: string, open: OpenLocation): Promise<FileStore> {
  return cfaOrFile(store, { kind: 'local', path }, through(open));
}

/** `cfaOrFile` for a file at an http(s) or s3 URL: fragments at http(s) and s3 URLs only. */
export function cfaRemote(store: FileStore, url: string, open: OpenLocation): Promise<FileStore> {
  return cfaOrFile(store, { kind: 'remote', url }, through(open));
}
