/**
 * One snapshot of an Icechunk repository as a read-only Zarr v3 `Store`: `zarr.json` of every node as written,
 * a listing of the node tree, and chunk keys (`temp/c/0/1/2`) answered from the manifests — inline bytes, a
 * range of a native chunk object (`chunks/ID`), or a range of a virtual target (an `http(s)://` or `s3://` file
 * outside the repository, opened through `openTarget` after the rule of src/formats/refs/targets.ts). A chunk no
 * manifest names is missing (fill value). A failure names its key: only that chunk or node fails.
 *
 * @example
 * const store = new IcechunkStore(repo, await repo.snapshot(id), { openTarget, base, description });
 * await store.get('/temp/zarr.json');
 */
import { ChunkError, HttpError, ZarrviewError } from '../../errors';
import type {
  AbsolutePath,
  Listing,
  RangeQuery,
  RepositoryHistory,
  RepositoryVersion,
  RequestOptions,
  SourceSummary,
  Store,
} from '../../store/types';
import { resolveTarget, targetHost, type DocumentBase, type Target } from '../refs/targets';
import { sliceRange, subRange } from '../../store/range';
import { formatCounts } from '../target-format';
import type { TargetObject } from '../refs/store';
import type { IcechunkRepository, VersionRef } from './repository';
import type { ChunkPayload, NodeInfo, SnapshotFile } from './schema';

export interface IcechunkStoreOptions {
  /** Opens a virtual chunk's target that passed the rule of targets.ts (once per distinct URL). */
  readonly openTarget: (target: Target) => Promise<TargetObject>;
  /** Where the repository was opened from: virtual `file:` locations are read only from a local repository. */
  readonly base: DocumentBase;
  readonly description: string;
  /** The version the location asked for (`main` when it named none). */
  readonly version: VersionRef;
}

/** What the chunks of the snapshot's manifests read so far are, for the Report. */
export interface ChunkCounts {
  inline: number;
  native: number;
  virtual: number;
}

/** Virtual locations kept for the Report's formats and hosts (a repository may name millions). */
const MAX_LOCATIONS = 10_000;

const EMPTY_ROOT = new TextEncoder().encode('{"zarr_format":3,"node_type":"group","attributes":{}}');

export class IcechunkStore implements Store {
  readonly description: string;
  readonly version: VersionRef;
  readonly repository: RepositoryVersion;
  private readonly nodes = new Map<string, NodeInfo>();
  private readonly targets = new Map<string, Promise<TargetObject>>();

  constructor(
    readonly repo: IcechunkRepository,
    readonly snapshot: SnapshotFile,
    private readonly options: IcechunkStoreOptions,
  ) {
    this.description = options.description;
    this.version = options.version;
    this.repository = {
      format: 'icechunk',
      specVersion: repo.specVersion,
      implementation: repo.implementation,
      ref: options.version,
      snapshot: { id: snapshot.id, message: snapshot.message, writtenAt: snapshot.writtenAt },
    };
    for (const n of snapshot.nodes) this.nodes.set(n.path.replace(/^\/+|\/+$/g, ''), n);
  }

  /** `temp/c/0/1` → the array and its chunk coordinates; any separator (`/`, `.`) and the v2 form (`0.1`). */
  private chunkOf(key: string): { node: NodeInfo; coords: number[] } | undefined {
    const segs = key.split('/');
    for (let i = 0; i < segs.length; i++) {
      const node = this.nodes.get(segs.slice(0, i).join('/'));
      if (node?.kind !== 'array') continue;
      const rest = segs.slice(i).join('/');
      const m = /^c(?:[./](.*))?$/.exec(rest) ?? /^(\d+(?:[./]\d+)*)$/.exec(rest);
      if (!m) continue;
      const coords = m[1] ? m[1].split(/[./]/).map(Number) : [];
      if (coords.some((c) => !Number.isSafeInteger(c))) return undefined;
      return { node, coords };
    }
    return undefined;
  }

  private async payload(node: NodeInfo, coords: number[], key: string, signal?: AbortSignal) {
    for (const m of node.manifests) {
      if (m.extents.length && m.extents.length !== coords.length) continue;
      if (!m.extents.every(([from, to], d) => coords[d]! >= from && coords[d]! < to)) continue;
      const manifest = await this.repo.manifest(m.id, signal);
      const p = manifest.find(node.nodeId, coords, key);
      if (p) return p;
    }
    return undefined;
  }

  private target(location: string, key: string): Promise<TargetObject> {
    const t = resolveTarget(location, this.options.base, key);
    if (t instanceof ZarrviewError) return Promise.reject(t);
    let known = this.targets.get(t.url);
    if (!known) {
      known = this.options.openTarget(t);
      known.catch(() => this.targets.delete(t.url));
      this.targets.set(t.url, known);
    }
    return known;
  }

  private async chunk(p: ChunkPayload, key: string, range: RangeQuery | undefined, options?: RequestOptions) {
    if (p.kind === 'inline') return sliceRange(p.bytes, range);
    const { offset, length } = subRange(p, range);
    if (length === 0) return new Uint8Array(0);
    const where = p.kind === 'native' ? `chunks/${p.chunkId}` : p.location;
    let b: Uint8Array | undefined;
    if (p.kind === 'native') {
      const store = this.repo.store;
      const k: AbsolutePath = `/chunks/${p.chunkId}`;
      b = store.getRange
        ? await store.getRange(k, { offset, length }, options)
        : sliceRange((await store.get(k, options)) ?? new Uint8Array(0), { offset, length });
    } else {
      const t = await this.target(p.location, key);
      if (!t.store.getRange) throw new HttpError('http', 0, `${p.location} cannot be read by ranges.`, { key });
      b = await t.store.getRange(t.key, { offset, length }, options);
    }
    if (!b) throw new HttpError('not-found', 404, `The chunk ${key} is stored in ${where}, which is missing.`, { key });
    if (b.length !== length)
      throw new ChunkError(
        `The chunk ${key} reads ${length} bytes at ${offset} of ${where}, which has only ${b.length} there.`,
        { key },
      );
    return b;
  }

  private async read(path: AbsolutePath, range: RangeQuery | undefined, options?: RequestOptions) {
    const key = path.replace(/^\/+/, '');
    if (key === 'zarr.json' || key.endsWith('/zarr.json')) {
      const node = this.nodes.get(key.slice(0, -'zarr.json'.length).replace(/\/$/, ''));
      // A snapshot of no nodes (a new repository's first): an empty root group, not "no dataset here".
      if (!node && key === 'zarr.json' && this.nodes.size === 0) return sliceRange(EMPTY_ROOT, range);
      return node ? sliceRange(node.zarrJson, range) : undefined;
    }
    const c = this.chunkOf(key);
    if (!c) return undefined;
    const p = await this.payload(c.node, c.coords, key, options?.signal ?? undefined);
    return p ? this.chunk(p, key, range, options) : undefined;
  }

  get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.read(key, undefined, options);
  }

  getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.read(key, range, options);
  }

  list(prefix: AbsolutePath): Promise<Listing> {
    const p = prefix.replace(/^\/+|\/+$/g, '');
    const files = new Set<string>();
    const folders = new Set<string>();
    if (this.nodes.has(p)) files.add('zarr.json');
    const start = p === '' ? '' : `${p}/`;
    for (const path of this.nodes.keys()) {
      if (path === '' || !path.startsWith(start)) continue;
      const rest = path.slice(start.length);
      folders.add(rest.split('/')[0]!);
    }
    return Promise.resolve({ files: [...files].sort(), folders: [...folders].sort() });
  }

  async history(signal?: AbortSignal): Promise<RepositoryHistory> {
    const h = await this.repo.history(signal);
    const refs = (m: ReadonlyMap<string, string>) =>
      [...m].map(([name, snapshot]) => ({ name, snapshot })).sort((a, b) => a.name.localeCompare(b.name));
    return { branches: refs(h.branches), tags: refs(h.tags), snapshots: h.snapshots, partial: h.partial };
  }

  /** Chunks by kind, virtual files by format and their hosts: reads every manifest of the snapshot. */
  async sources(signal?: AbortSignal): Promise<SourceSummary> {
    const chunks: ChunkCounts = { inline: 0, native: 0, virtual: 0 };
    const locations = new Set<string>();
    const seen = new Set<string>();
    for (const node of this.nodes.values())
      for (const m of node.manifests) {
        const k = `${m.id}/${node.nodeId}`;
        if (seen.has(k)) continue;
        seen.add(k);
        (await this.repo.manifest(m.id, signal)).tally(node.nodeId, chunks, locations, MAX_LOCATIONS);
      }
    const hosts = new Set<string>();
    for (const u of locations) {
      const t = resolveTarget(u, this.options.base, '');
      if (!(t instanceof ZarrviewError)) hosts.add(targetHost(t));
    }
    return {
      kind: 'icechunk',
      chunks,
      formats: formatCounts(locations),
      hosts: [...hosts].sort(),
      specVersion: this.repo.specVersion,
      implementation: this.repo.implementation,
    };
  }
}
