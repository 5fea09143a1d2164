/**
 * An Icechunk repository read through a `Store` of its root folder: spec version 2 (a `repo` file naming branches,
 * tags and every snapshot) or 1 (`refs/branch.NAME/ref.json`, `refs/tag.NAME/ref.json`, each snapshot naming its
 * parent). It resolves a branch, tag or snapshot id to a snapshot, lists the history, and keeps the snapshot and
 * manifest files it has read (they never change: Icechunk writes each once).
 *
 * @example
 * const repo = await IcechunkRepository.open(store, 'https://host/repo/');
 * const snap = await repo.snapshot(await repo.resolve({ kind: 'branch', name: 'main' }));
 */
import { AbortedError, HttpError, MetadataError, UsageError } from '../../errors';
import type { Store } from '../../store/types';
import { hasMagic, isSnapshotId, readIcechunkFile } from './files';
import {
  parseManifest,
  parseRepoInfo,
  parseSnapshot,
  type ManifestFile,
  type RepoInfo,
  type SnapshotEntry,
  type SnapshotFile,
} from './schema';

/** Which version of the repository to read. */
export type VersionRef =
  | { readonly kind: 'branch'; readonly name: string }
  | { readonly kind: 'tag'; readonly name: string }
  | { readonly kind: 'snapshot'; readonly name: string };

export interface History {
  readonly branches: ReadonlyMap<string, string>;
  readonly tags: ReadonlyMap<string, string>;
  /** Snapshots, newest first. */
  readonly snapshots: readonly SnapshotEntry[];
  /** Spec version 1 without a listing: only the branches and tags named so far are known. */
  readonly partial: boolean;
}

/** How far a spec-1 history is followed (each step is one snapshot file). */
const V1_HISTORY_LIMIT = 200;

const NAME = /^[^/\\\0]{1,255}$/;

function parseRefJson(bytes: Uint8Array, what: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new MetadataError(`${what} is not JSON.`, { key: what, cause: e });
  }
  const id = (doc as { snapshot?: unknown } | null)?.snapshot;
  if (typeof id !== 'string' || !isSnapshotId(id))
    throw new MetadataError(`${what} names no snapshot id (expected {"snapshot": "<20 characters>"}).`, {
      key: what,
    });
  return id;
}

/** `p`, or an `AbortedError` as soon as `signal` aborts (`p` itself goes on for whoever else waits on it). */
function waitFor<T>(p: Promise<T>, signal: AbortSignal | undefined, key: string): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(new AbortedError({ key, cause: signal.reason }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError({ key, cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The two objects that say a folder is a repository (spec 2's `repo`, spec 1's main branch), asked for at once. */
export interface EntryPoints {
  readonly repo: Promise<Uint8Array | undefined>;
  readonly main: Promise<Uint8Array | undefined>;
}

/** Requests both entry points now (in parallel); `open` reads them when it runs. Failures wait for `open`. */
export function entryPoints(store: Store, signal?: AbortSignal): EntryPoints {
  const quiet = <T>(p: Promise<T>) => (p.catch(() => undefined), p);
  return {
    repo: quiet(store.get('/repo', { signal })),
    main: quiet(store.get('/refs/branch.main/ref.json', { signal })),
  };
}

export class IcechunkRepository {
  private readonly snapshots = new Map<string, Promise<SnapshotFile>>();
  private readonly manifests = new Map<string, Promise<ManifestFile>>();
  private v1Refs:
    { branches: Map<string, string>; tags: Map<string, string>; listed: boolean; tried: boolean } | undefined;

  private constructor(
    readonly store: Store,
    readonly description: string,
    readonly specVersion: number,
    /** The writing library, as the first file read names it. */
    readonly implementation: string,
    private readonly info: RepoInfo | undefined,
  ) {}

  /**
   * The repository at the store's root, or undefined when there is none (no `repo` file and no
   * `refs/branch.main/ref.json`). Throws when one is there but cannot be read (damaged, a newer spec version).
   */
  static async open(
    store: Store,
    description: string,
    signal?: AbortSignal,
    early: EntryPoints = entryPoints(store, signal),
  ): Promise<IcechunkRepository | undefined> {
    const repo = await early.repo;
    if (repo && hasMagic(repo)) {
      const { header, payload } = readIcechunkFile(repo, `${description}repo`, 'repo info');
      const info = parseRepoInfo(payload, `${description}repo`);
      return new IcechunkRepository(store, description, header.specVersion, header.implementation, info);
    }
    const main = await early.main;
    if (!main || main[0] !== 0x7b) return undefined; // not JSON: an HTML fallback page, or nothing
    const id = parseRefJson(main, 'refs/branch.main/ref.json');
    const r = new IcechunkRepository(store, description, 1, '', undefined);
    r.v1Refs = { branches: new Map([['main', id]]), tags: new Map(), listed: false, tried: false };
    await r.snapshot(id, signal); // main's snapshot must be there: a repository, not a stray refs/ folder
    return r;
  }

  private async v1Ref(kind: 'branch' | 'tag', name: string, signal?: AbortSignal): Promise<string> {
    const known = (kind === 'branch' ? this.v1Refs!.branches : this.v1Refs!.tags).get(name);
    if (known) return known;
    const key = `refs/${kind}.${name}/ref.json`;
    const bytes = await this.store.get(`/${key}`, { signal });
    if (!bytes) throw new HttpError('not-found', 404, `This repository has no ${kind} "${name}".`, { key });
    if (kind === 'tag' && (await this.store.get(`/refs/tag.${name}/ref.json.deleted`, { signal })))
      throw new HttpError('not-found', 404, `The tag "${name}" was deleted.`, { key });
    const id = parseRefJson(bytes, key);
    (kind === 'branch' ? this.v1Refs!.branches : this.v1Refs!.tags).set(name, id);
    return id;
  }

  /** The snapshot id a branch, tag or snapshot names. */
  async resolve(ref: VersionRef, signal?: AbortSignal): Promise<string> {
    if (!NAME.test(ref.name)) throw new UsageError(`"${ref.name}" is not a ${ref.kind} name.`, { key: ref.name });
    if (ref.kind === 'snapshot') {
      const id = ref.name.toUpperCase();
      if (!isSnapshotId(id))
        throw new UsageError(`"${ref.name}" is not a snapshot id (20 characters of Crockford base 32).`, {
          key: ref.name,
        });
      return id;
    }
    if (this.info) {
      const id = (ref.kind === 'branch' ? this.info.branches : this.info.tags).get(ref.name);
      if (!id)
        throw new HttpError('not-found', 404, `This repository has no ${ref.kind} "${ref.name}".`, { key: ref.name });
      return id;
    }
    return this.v1Ref(ref.kind, ref.name, signal);
  }

  /**
   * A snapshot file, read once and shared: the read is not tied to any caller's signal (a caller that gives up —
   * an Overview closed — must not fail the others waiting on the same file); `signal` only stops this caller waiting.
   */
  snapshot(id: string, signal?: AbortSignal): Promise<SnapshotFile> {
    let s = this.snapshots.get(id);
    if (!s) {
      const key = `snapshots/${id}`;
      s = this.store.get(`/${key}`).then((bytes) => {
        if (!bytes)
          throw new HttpError('not-found', 404, `The snapshot ${id} is missing from this repository (${key}).`, {
            key,
          });
        const { payload } = readIcechunkFile(bytes, key, 'snapshot');
        return parseSnapshot(payload, key);
      });
      s.catch(() => this.snapshots.delete(id));
      this.snapshots.set(id, s);
    }
    return waitFor(s, signal, `snapshots/${id}`);
  }

  /** A manifest file, read once and shared (as `snapshot`: `signal` only stops this caller waiting). */
  manifest(id: string, signal?: AbortSignal): Promise<ManifestFile> {
    let m = this.manifests.get(id);
    if (!m) {
      const key = `manifests/${id}`;
      m = this.store.get(`/${key}`).then((bytes) => {
        if (!bytes)
          throw new HttpError('not-found', 404, `The manifest ${id} is missing from this repository (${key}).`, {
            key,
          });
        const { payload } = readIcechunkFile(bytes, key, 'manifest');
        return parseManifest(payload, key);
      });
      m.catch(() => this.manifests.delete(id));
      this.manifests.set(id, m);
    }
    return waitFor(m, signal, `manifests/${id}`);
  }

  /** Spec version 1: the branches and tags a listing of `refs/` shows (where the store can list). */
  private async listV1Refs(signal?: AbortSignal): Promise<void> {
    const refs = this.v1Refs!;
    if (refs.tried || !this.store.list) return;
    refs.tried = true;
    let folders: readonly string[];
    try {
      folders = (await this.store.list('/refs/', { signal })).folders;
    } catch {
      return; // no listing here: the history shows what is known, and says it is partial
    }
    refs.listed = true;
    await Promise.all(
      folders.slice(0, 500).map(async (f) => {
        const m = /^(branch|tag)\.(.+)$/.exec(f);
        if (!m) return;
        try {
          await this.v1Ref(m[1] as 'branch' | 'tag', m[2]!, signal);
        } catch {
          // a deleted tag, a damaged ref: not listed
        }
      }),
    );
  }

  /** Branches, tags and snapshots: spec 2 from its repo file; spec 1 by following each ref's parents. */
  async history(signal?: AbortSignal): Promise<History> {
    if (this.info)
      return {
        branches: this.info.branches,
        tags: this.info.tags,
        snapshots: [...this.info.snapshots].sort((a, b) => b.writtenAt - a.writtenAt),
        partial: false,
      };
    await this.listV1Refs(signal);
    const refs = this.v1Refs!;
    const seen = new Map<string, SnapshotEntry>();
    const queue = [...refs.branches.values(), ...refs.tags.values()];
    while (queue.length && seen.size < V1_HISTORY_LIMIT) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      const s = await this.snapshot(id, signal);
      seen.set(id, {
        id: s.id,
        parent: s.parent,
        writtenAt: s.writtenAt,
        message: s.message,
        metadataNames: s.metadataNames,
      });
      if (s.parent) queue.push(s.parent);
    }
    return {
      branches: refs.branches,
      tags: refs.tags,
      snapshots: [...seen.values()].sort((a, b) => b.writtenAt - a.writtenAt),
      partial: !refs.listed,
    };
  }
}
