/**
 * Probing, the one place a store's dialect is decided, in one round trip: the candidates below are requested at once
 * (as `#mode` allows: probing.ts), then read in this order, the first that answers deciding:
 * 1. `zarr.json` (skipped when `#mode` says v2) — a v3 hierarchy; its inline `consolidated_metadata` answers
 *    every child unless `noconsolidated`. `_nczarr_superblock` in its attributes marks NCZarr v3.
 * 2. `.zmetadata` (skipped when `#mode` says v3 or `noconsolidated`) — consolidated v2: nothing else is fetched.
 * 3. `.zgroup` + `.zattrs` in parallel — plain v2.
 * NCZarr form, from what those already hold: `_nczarr_superblock`/`_nczarr_group` in `.zattrs` → attribute
 * form; `_NCZARR_SUPERBLOCK`/`_nczarr_superblock`/`_NCZARR_GROUP` keys in `.zgroup` → key form (upper or lower
 * case); else, unless consolidated, one more GET of `.nczarr` → NCZarr v1 objects. `#mode=zarr` (without `nczarr`)
 * skips NCZarr altogether.
 * A root without `.zgroup` may be a single array: its `.zarray` is asked for in the second round, beside `.nczarr`.
 * A root with none of the first round's documents calls `onNoRootMetadata` (opening probes an Icechunk repository
 * then, beside the second round: src/opening/fallback.ts).
 */
import { HttpError, MetadataError, isZarrviewError } from '../errors';
import type { FileSpecial, RepositoryVersion, Store } from '../store/types';
import { type JsonObject, getCI, isObject } from './json';
import type { RawGroup } from './raw';
import { htmlHint, throwWhyNothing } from './nothing-found';
import type { ReadDatasetOptions } from './read-dataset';
import { type MetaSource, getObject, mapSource, storeSource } from './source';
import { implicitGroupProblem, isUnreadable, readGroupV2, readGroupV3, readSingleArrayRoot, problemOf } from './tree';
import type { NczarrForm, Problem } from './types';

function superblockVersion(sb: unknown): string | undefined {
  if (isObject(sb as never)) {
    const v = getCI(sb as JsonObject, 'version');
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** What probing decided: the format, where metadata comes from, the NCZarr form and how to read the root. */
export interface Probe {
  zarrFormat: 2 | 3;
  src: MetaSource;
  nczarr: NczarrForm | null;
  version?: string | undefined;
  root: (src: MetaSource) => Promise<RawGroup>;
  /** The store's `fileFormat` (a file read in place). */
  fileFormat?: string | undefined;
  /** The store's `fileSpecial` (an HDF5 file). */
  fileSpecial?: FileSpecial | undefined;
  /** The store's `repository` (a version of an Icechunk repository). */
  repository?: RepositoryVersion | undefined;
}

async function probeV2(store: Store, o: ReadDatasetOptions, problems: Problem[], html: Set<string>): Promise<Probe> {
  const mode = o.mode ?? {};
  const plain = storeSource(store, o.signal, html);
  let src: MetaSource = plain;
  if (mode.consolidated !== false) {
    const zmeta = await getObject(plain, '.zmetadata').catch(
      (e: unknown) => (problems.push(problemOf('.zmetadata', e)), undefined),
    );
    if (zmeta && isObject(zmeta.metadata)) {
      // NCZarr v1 objects are not part of consolidation: those few keys still come from the store.
      const inner = mapSource(zmeta.metadata, false);
      src = {
        consolidated: true,
        htmlKeys: html,
        list: inner.list,
        get: (k) => (/(^|\/)\.ncz/.test(k) ? plain.get(k) : inner.get(k)),
      };
    } else if (zmeta)
      problems.push(
        problemOf('.zmetadata', new MetadataError('has no "metadata" object; ignored.', { key: '.zmetadata' })),
      );
  }
  const safe = (k: string) => getObject(src, k).catch((e: unknown) => (problems.push(problemOf(k, e)), undefined));
  const [zgroup, zattrs] = await Promise.all([safe('.zgroup'), safe('.zattrs')]);
  // A root `.zgroup` that exists but is unreadable still marks a group: its children are read all the same.
  const zgroupBroken = problems.some((p) => p.key === '.zgroup' && isUnreadable(p.error));
  const rootAttrs = problems.some((p) => p.key === '.zattrs') ? undefined : Promise.resolve({ value: zattrs });
  let nczarr: NczarrForm | null = null;
  let version: string | undefined;
  const pure = mode.zarr === true && mode.nczarr !== true;
  if (!zgroup && !zattrs && !zgroupBroken && !src.consolidated) o.onNoRootMetadata?.();
  // Without a root .zgroup the root may be a single array: its .zarray is asked for now, beside .nczarr (one round
  // trip, not two); it is read below only when no NCZarr form is found.
  const ncAttr = zattrs && !pure ? (getCI(zattrs, '_nczarr_superblock') ?? getCI(zattrs, '_nczarr_group')) : undefined;
  const zarrayAhead =
    !zgroup && !zgroupBroken && ncAttr === undefined ? getObject(src, '.zarray').catch(() => undefined) : undefined;
  if (!pure) {
    const upper = zgroup && ('_NCZARR_SUPERBLOCK' in zgroup || '_NCZARR_GROUP' in zgroup);
    const lower = zgroup && ('_nczarr_superblock' in zgroup || '_nczarr_group' in zgroup);
    if (ncAttr !== undefined) {
      nczarr = 'attributes';
      version = superblockVersion(zattrs && getCI(zattrs, '_nczarr_superblock'));
    } else if (upper || lower) {
      nczarr = upper ? 'keys-upper' : 'keys-lower';
      version = superblockVersion(zgroup && getCI(zgroup, '_nczarr_superblock'));
    } else if (!src.consolidated) {
      // NCZarr v1 predates consolidation: a consolidated store is never v1, so no request for it.
      const sb = await getObject(src, '.nczarr').catch(() => undefined);
      if (sb) {
        nczarr = 'v1-objects';
        version = superblockVersion(sb);
      }
    }
  }
  if (!zgroup && nczarr === null && !zgroupBroken) {
    const zarray = await zarrayAhead;
    if (zarray) {
      return {
        zarrFormat: 2,
        src,
        nczarr,
        version,
        // The root's .zattrs, probed in the first round, are the array's: not asked for again.
        root: (s) => readSingleArrayRoot({ src: s, nczarr, signal: o.signal }, arrayName(o), zarray, false, rootAttrs),
      };
    }
    // No readable root .zgroup (lost, or a web page) but Zarr nodes below it: the root is their group (with its
    // .zattrs when there is one), with one problem — the rule every folder follows (`implicitGroupProblem`).
    // A root with a readable .zattrs and nothing found below stays a group of those attributes, as before.
    const below = await readGroupV2({ src, nczarr, signal: o.signal }, '', {}, Promise.resolve({ value: zattrs }));
    if (below.arrays.length + below.groups.length > 0) {
      problems.push(implicitGroupProblem({ src, nczarr }, ''));
      return { zarrFormat: 2, src, nczarr, version, root: async () => below };
    }
    if (!zattrs) {
      await throwWhyNothing(store, o, problems);
      throw new HttpError(
        'not-found',
        0,
        `No Zarr metadata at ${store.description} (looked for zarr.json, .zmetadata, .zgroup, .zarray). Check the address and #mode.${htmlHint(html)}`,
        { key: store.description },
      );
    }
  }
  return {
    zarrFormat: 2,
    src,
    nczarr,
    version,
    // The root's .zattrs was read by the probe: the walk does not ask for it again (one round trip less).
    root: (s) => readGroupV2({ src: s, nczarr, signal: o.signal, lazy: o.lazy }, '', zgroup ?? {}, rootAttrs),
  };
}

/** The variable name of a single-array root: the last segment of the location, else the dataset name. */
function arrayName(o: ReadDatasetOptions): string {
  return o.arrayName ?? o.name ?? 'data';
}

export async function probe(store: Store, o: ReadDatasetOptions, problems: Problem[]): Promise<Probe> {
  const mode = o.mode ?? {};
  const html = new Set<string>();
  if (mode.zarrFormat !== 2) {
    const plain = storeSource(store, o.signal, html);
    let rootBroken = false;
    const root = await getObject(plain, 'zarr.json').catch((e: unknown) => {
      rootBroken = isUnreadable(e);
      if (mode.zarrFormat === 3 && !rootBroken) throw e;
      problems.push(problemOf('zarr.json', e));
      return undefined;
    });
    if (rootBroken) {
      // An unreadable root zarr.json: v2 metadata if there is any, else a v3 group read by listing.
      const v3Group: Probe = {
        zarrFormat: 3,
        src: plain,
        nczarr: null,
        version: undefined,
        root: (s) => readGroupV3({ src: s, nczarr: null, signal: o.signal, lazy: o.lazy }, '', {}),
      };
      if (mode.zarrFormat === 3) return v3Group;
      return probeV2(store, o, problems, html).catch((e: unknown) => {
        if (isZarrviewError(e) && e.code === 'not-found') return v3Group;
        throw e;
      });
    }
    if (root) {
      if (root.node_type === 'array') {
        return {
          zarrFormat: 3,
          src: plain,
          nczarr: null,
          version: undefined,
          root: (s) => readSingleArrayRoot({ src: s, nczarr: null, signal: o.signal }, arrayName(o), root, true),
        };
      }
      // A root that is neither says nothing about its children: read as a group, with the problem.
      if (root.node_type !== 'group')
        problems.push(
          problemOf(
            'zarr.json',
            new MetadataError('"node_type" must be "group" or "array"; read as a group.', { key: 'zarr.json' }),
          ),
        );
      const cm = root.consolidated_metadata;
      const src =
        mode.consolidated !== false && isObject(cm) && isObject(cm.metadata) ? mapSource(cm.metadata, true) : plain;
      const attrs = isObject(root.attributes) ? root.attributes : {};
      const pure = mode.zarr === true && mode.nczarr !== true;
      const sb = pure ? undefined : getCI(attrs, '_nczarr_superblock');
      const nczarr: NczarrForm | null = sb !== undefined ? 'attributes' : null;
      return {
        zarrFormat: 3,
        src,
        nczarr,
        version: superblockVersion(sb),
        root: (s) => readGroupV3({ src: s, nczarr, signal: o.signal, lazy: o.lazy }, '', root),
      };
    }
    if (mode.zarrFormat === 3)
      throw new HttpError(
        'not-found',
        0,
        `No zarr.json at ${store.description}; #mode says Zarr v3.${htmlHint(html)}`,
        { key: 'zarr.json' },
      );
  }
  return probeV2(store, o, problems, html);
}
