/**
 * A kerchunk reference set as a read-only `Store`: its keys are the Zarr keys of the set. Inline entries
 * answer their text (or `base64:` bytes); `[url]` answers the whole target object, `[url, offset, length]` one
 * range of it, through the byte source `openTarget` gives for the target (one per distinct target, shared by
 * all the keys that name it). A reference that is malformed, names a refused target (targets.ts) or a target
 * that is missing or too short throws a typed error naming its key: only that chunk or variable fails.
 *
 * @example
 * const store = new ReferenceStore(parseReferences(bytes), { kind: 'remote', url }, { openTarget, description: url });
 * await store.get('/temp/.zarray');
 */
import { ChunkError, HttpError, MetadataError, ZarrviewError } from '../../errors';
import type { AbsolutePath, Listing, RangeQuery, RequestOptions, SourceSummary, Store } from '../../store/types';
import { formatCounts } from '../target-format';
import type { Reference, ReferenceSet } from './parse';
import { resolveTarget, targetHost, type DocumentBase, type Target } from './targets';
import { sliceRange, subRange } from '../../store/range';

/** One target object as a store and the key of the object in it. */
export interface TargetObject {
  readonly store: Store;
  readonly key: AbsolutePath;
}

export interface ReferenceStoreOptions {
  /** Opens a target that passed the rule of targets.ts (called once per distinct target URL). */
  readonly openTarget: (target: Target) => Promise<TargetObject>;
  readonly description: string;
}

function decodeInline(text: string, key: string): Uint8Array {
  if (!text.startsWith('base64:')) return new TextEncoder().encode(text);
  const b64 = text.slice(7).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1)
    throw new MetadataError('its inline base64: data is not base64.', { key });
  const bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** `a/b` and `a/b/c` under prefix `a/`: the names one level down. */
function level(keys: readonly string[], prefix: string): Listing {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const k of keys) {
    if (!k.startsWith(prefix)) continue;
    const rest = k.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.add(rest);
    else if (slash > 0) folders.add(rest.slice(0, slash));
  }
  return { files: [...files].sort(), folders: [...folders].sort() };
}

export class ReferenceStore implements Store {
  readonly description: string;
  readonly version: 0 | 1;
  private readonly refs: ReadonlyMap<string, Reference>;
  private readonly lookup: ReferenceSet['lookup'];
  /** Targets met by lazily read references (a Parquet set), for `targetHosts`. */
  private readonly lazyUrls = new Map<string, string>();
  private readonly targets = new Map<string, Promise<TargetObject>>();
  private sortedKeys: string[] | undefined;

  constructor(
    set: ReferenceSet,
    private readonly base: DocumentBase,
    private readonly options: ReferenceStoreOptions,
  ) {
    this.refs = set.refs;
    this.lookup = set.lookup;
    this.version = set.version;
    this.description = options.description;
  }

  /**
   * The hosts the set's references read from, for the Overview: `host[:port]` of http(s) targets, `s3://name`
   * (bucket, or endpoint alias) of S3 targets, `local files`; a Parquet set's as far as its records were read.
   */
  targetHosts(limit = 100): string[] {
    const hosts = new Set<string>();
    const seen = new Set<string>();
    const all: Iterable<[string, Reference]> = [
      ...this.refs,
      ...[...this.lazyUrls].map(([url, key]): [string, Reference] => [key, { kind: 'whole', url }]),
    ];
    for (const [key, ref] of all) {
      if (ref.kind !== 'whole' && ref.kind !== 'range') continue;
      if (seen.has(ref.url)) continue;
      seen.add(ref.url);
      const t = resolveTarget(ref.url, this.base, key);
      if (t instanceof ZarrviewError) continue;
      hosts.add(targetHost(t));
      if (hosts.size >= limit) break;
    }
    return [...hosts].sort();
  }

  /** References by kind, target files by format, hosts (a Parquet set: as far as its records were read). */
  sources(): Promise<SourceSummary> {
    const chunks = { inline: 0, native: 0, virtual: 0 };
    const urls: string[] = [];
    for (const [key, ref] of this.refs) {
      if (/(^|\/)(\.zarray|\.zgroup|\.zattrs|\.zmetadata|zarr\.json)$/.test(key)) continue;
      if (ref.kind === 'inline' || ref.kind === 'bytes') chunks.inline++;
      else if (ref.kind === 'whole' || ref.kind === 'range') {
        chunks.virtual++;
        urls.push(ref.url);
      }
    }
    urls.push(...this.lazyUrls.keys());
    return Promise.resolve({
      kind: 'kerchunk',
      chunks,
      formats: formatCounts(urls),
      hosts: this.targetHosts(),
      referenceVersion: this.version,
      partial: this.lookup ? 'Parquet references: counted as far as their record files were read' : undefined,
    });
  }

  private target(ref: { readonly url: string }, key: string): Promise<TargetObject> {
    const t = resolveTarget(ref.url, this.base, key);
    if (t instanceof ZarrviewError) return Promise.reject(t);
    let known = this.targets.get(t.url);
    if (!known) {
      known = this.options.openTarget(t);
      // A target that failed to open is tried again by the next read (a transient failure is not kept).
      known.catch(() => this.targets.delete(t.url));
      this.targets.set(t.url, known);
    }
    return known;
  }

  private async ref(
    path: AbsolutePath,
    signal: AbortSignal | undefined,
  ): Promise<{ key: string; ref: Reference | undefined }> {
    const key = path.replace(/^\/+/, '');
    const known = this.refs.get(key);
    if (known || !this.lookup) return { key, ref: known };
    const ref = await this.lookup(key, signal);
    if (
      ref &&
      (ref.kind === 'whole' || ref.kind === 'range') &&
      this.lazyUrls.size < 1000 &&
      !this.lazyUrls.has(ref.url)
    )
      this.lazyUrls.set(ref.url, key);
    return { key, ref };
  }

  private async read(path: AbsolutePath, range: RangeQuery | undefined, options?: RequestOptions) {
    const { key, ref } = await this.ref(path, options?.signal ?? undefined);
    if (!ref) return undefined;
    switch (ref.kind) {
      case 'bytes':
        return sliceRange(ref.bytes, range);
      case 'invalid':
        throw new MetadataError(`The reference ${ref.message}`, { key });
      case 'inline':
        return sliceRange(decodeInline(ref.text, key), range);
      case 'whole': {
        const t = await this.target(ref, key);
        const b =
          range && t.store.getRange ? await t.store.getRange(t.key, range, options) : await t.store.get(t.key, options);
        if (!b)
          throw new HttpError('not-found', 404, `The reference of "${key}" names ${ref.url}, which is missing.`, {
            key,
          });
        return t.store.getRange ? b : sliceRange(b, range);
      }
      case 'range': {
        const t = await this.target(ref, key);
        if (!t.store.getRange) throw new HttpError('http', 0, `${ref.url} cannot be read by ranges.`, { key });
        const { offset, length } = subRange(ref, range);
        if (length === 0) return new Uint8Array(0);
        const b = await t.store.getRange(t.key, { offset, length }, options);
        if (!b)
          throw new HttpError('not-found', 404, `The reference of "${key}" names ${ref.url}, which is missing.`, {
            key,
          });
        if (b.length !== length)
          throw new ChunkError(
            `The reference of "${key}" reads ${length} bytes at ${offset} of ${ref.url}, which has only ${b.length} there.`,
            { key },
          );
        return b;
      }
    }
  }

  get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.read(key, undefined, options);
  }

  getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.read(key, range, options);
  }

  list(prefix: AbsolutePath): Promise<Listing> {
    this.sortedKeys ??= [...this.refs.keys()];
    const p = prefix.replace(/^\/+/, '');
    return Promise.resolve(level(this.sortedKeys, p === '' || p.endsWith('/') ? p : `${p}/`));
  }
}
