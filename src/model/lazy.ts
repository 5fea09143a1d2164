/**
 * The lazy hierarchy: a dataset shown as soon as its groups are read, its arrays read on demand.
 *
 * `openMetadata(store, { lazy: true })` probes and walks the groups as `readDataset` does, but a group whose
 * array names are known without reading them (the NCZarr group annotation in every form, or a listing) keeps
 * them pending (`Group.pending`); consolidated metadata is read whole, as it costs no request. `load(paths)` reads
 * pending arrays in parallel (the store's concurrency limit applies) and publishes a new immutable model; a
 * failure is a problem of the group, exactly as in a full read, and costs only that array. Once everything is
 * loaded the model equals `readDataset`'s (same walk, same build, in metadata order), so dimension rules do not
 * change: for pure Zarr a group's dimensions are complete only when its arrays are. Variables that did not
 * change keep their identity across models (`share.ts`), so views of them are not redrawn.
 */
import { AbortedError } from '../errors';
import type { Store } from '../store/types';
import { findGroup, findVariable, parentPath } from './find';
import { transportFailure } from './nothing-found';
import type { PendingChild, RawGroup } from './raw';
import { type Probe, type ReadDatasetOptions, modelOf, readRaw } from './read-dataset';
import { shareUnchanged } from './share';
import { type MetaSource, storeSource } from './source';
import type { Dataset, Group, Problem, Variable } from './types';
import { type ChildResult, type WalkContext, join } from './walk';
import { readChildV2 } from './walk-v2';
import { readChildV3 } from './walk-v3';

export interface LoadOptions {
  readonly signal?: AbortSignal | undefined;
}

export interface LoadAllOptions extends LoadOptions {
  /** Variables read so far of those pending when the call started (and found on the way). */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

/** The metadata of an opened dataset: the model as read so far, and the reads of what is pending. */
export interface MetadataLoader {
  /** The latest model (a new object after each load that changed something). */
  readonly model: Dataset;
  /** How many children are still pending. */
  readonly pendingCount: number;
  /** Reads the pending children at these full paths (others are ignored); resolves with the model holding them. */
  load(paths: readonly string[], options?: LoadOptions): Promise<Dataset>;
  /** Reads everything pending (the CDL, the report), including what reading uncovers (groups found by listing). */
  loadAll(options?: LoadAllOptions): Promise<Dataset>;
  /**
   * A variable ready to show: reads it (a full path, or a bare name as `findVariable` takes it) when pending, then
   * the pending variables its axes may need (coordinate variables of its dimensions, CF `coordinates`).
   */
  loadVariable(path: string, options?: LoadOptions): Promise<Variable | undefined>;
  /** Called with every new model; returns the unsubscribe function. */
  subscribe(listener: (model: Dataset) => void): () => void;
}

interface Slot {
  readonly group: RawGroup;
  readonly child: PendingChild;
}

interface Flight {
  readonly promise: Promise<void>;
  readonly controller: AbortController;
  waiters: number;
}

const rawPath = (g: RawGroup, name: string) => `/${join(g.key, name)}`;

const pendingNames = new WeakMap<Group, ReadonlySet<string>>();

/** Whether `path` names a child not read yet (lazy open). */
export function isPending(root: Group, path: string): boolean {
  const g = findGroup(root, parentPath(path));
  if (!g?.pending?.length) return false;
  let names = pendingNames.get(g);
  if (!names) pendingNames.set(g, (names = new Set(g.pending.map((p) => p.path))));
  return names.has(path);
}

/** The pending paths a variable's axes may read: coordinate variables (at the dimension's path) and CF `coordinates`. */
export function relatedPaths(model: Dataset, v: Variable): string[] {
  const out = v.dimensions.filter((d) => !d.anonymous).map((d) => d.path);
  const coords = v.attributes.find((a) => a.name === 'coordinates');
  if (coords?.type === 'char') {
    for (let g = parentPath(v.path); ; g = parentPath(g)) {
      for (const n of coords.value.split(/\s+/).filter(Boolean)) out.push(g === '/' ? `/${n}` : `${g}/${n}`);
      if (g === '/') break;
    }
  }
  return [...new Set(out)].filter((p) => isPending(model.root, p));
}

class Loader implements MetadataLoader {
  model: Dataset;
  private readonly slots = new Map<string, Slot>();
  private readonly flights = new Map<string, Flight>();
  private readonly listeners = new Set<(m: Dataset) => void>();
  private dirty = false;
  /** Children read since the last model, and their groups (tidied once per model: 100,000 reads stay linear). */
  private readonly read = new Set<PendingChild>();
  private readonly changed = new Set<RawGroup>();

  constructor(
    private readonly store: Store,
    private readonly raw: RawGroup,
    private readonly probe: Probe,
    private readonly options: ReadDatasetOptions,
  ) {
    this.index(raw);
    this.model = modelOf(raw, probe, options);
  }

  get pendingCount(): number {
    return this.slots.size;
  }

  private index(g: RawGroup): void {
    for (const child of g.pending ?? []) this.slots.set(rawPath(g, child.name), { group: g, child });
    for (const c of g.groups) this.index(c);
  }

  private source(signal: AbortSignal): MetaSource {
    return storeSource(this.store, signal, this.probe.src.htmlKeys as Set<string> | undefined);
  }

  /** Reads one pending child and puts it in its group (in metadata order); aborts and failed transports leave it pending. */
  private async readSlot(path: string, signal: AbortSignal): Promise<void> {
    const slot = this.slots.get(path);
    if (!slot) return;
    const { group: g, child } = slot;
    // Problems join the group only when the read completes: a cancelled read is tried again, not counted twice.
    const problems: Problem[] = [];
    const ctx: WalkContext = { src: this.source(signal), nczarr: this.probe.nczarr, signal, lazy: true };
    const r: ChildResult | undefined =
      this.probe.zarrFormat === 3
        ? await readChildV3(ctx, g.key, child.name, child.known, problems)
        : await readChildV2(ctx, g.key, child.name, child.known, problems);
    if (signal.aborted) throw new AbortedError({ key: path });
    // A read the connection failed (timeout, 5xx, network) leaves the child pending, so that it can be tried
    // again; its caller sees the error. Metadata that is missing or malformed is the group's problem, as in a full read.
    const failed = r?.array || r?.group ? undefined : transportFailure(problems);
    if (failed !== undefined) throw failed;
    g.problems.push(...problems);
    this.slots.delete(path);
    this.read.add(child);
    if (r?.array) g.arrays.push(r.array);
    if (r?.group) {
      g.groups.push(r.group);
      this.index(r.group);
    }
    this.changed.add(g);
    this.dirty = true;
  }

  /** Waits for one slot's read, shared by every caller; the read is cancelled when all its callers are. */
  private join(path: string, signal: AbortSignal | undefined): Promise<void> {
    let f = this.flights.get(path);
    if (!f) {
      const controller = new AbortController();
      const promise = this.readSlot(path, controller.signal).finally(() => this.flights.delete(path));
      // Its callers see its failure; a read every caller left is not an unhandled rejection.
      promise.catch(() => undefined);
      f = { promise, controller, waiters: 0 };
      this.flights.set(path, f);
    }
    const flight = f;
    flight.waiters++;
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        signal?.removeEventListener('abort', onAbort);
        flight.waiters--;
      };
      const onAbort = () => {
        leave();
        if (flight.waiters === 0) flight.controller.abort();
        reject(new AbortedError({ key: path }));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        () => (leave(), resolve()),
        (e: unknown) => (leave(), reject(e)),
      );
    });
  }

  /** Publishes a new model when reads changed the raw tree. */
  private publish(): Dataset {
    if (!this.dirty) return this.model;
    this.dirty = false;
    for (const g of this.changed) {
      g.pending = (g.pending ?? []).filter((c) => !this.read.has(c));
      const order = new Map((g.slots ?? []).map((n, i) => [n, i]));
      const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
      g.arrays.sort((a, b) => rank(a.name) - rank(b.name));
      g.groups.sort((a, b) => rank(a.name) - rank(b.name));
    }
    this.changed.clear();
    this.read.clear();
    this.model = shareUnchanged(modelOf(this.raw, this.probe, this.options), this.model);
    for (const l of this.listeners) l(this.model);
    return this.model;
  }

  async load(paths: readonly string[], o: LoadOptions = {}): Promise<Dataset> {
    const wanted = [...new Set(paths)].filter((p) => this.slots.has(p) || this.flights.has(p));
    if (wanted.length === 0) return this.model;
    try {
      await Promise.all(wanted.map((p) => this.join(p, o.signal)));
    } finally {
      // What was read before a cancel is kept (and shown).
      this.publish();
    }
    return this.model;
  }

  async loadAll(o: LoadAllOptions = {}): Promise<Dataset> {
    let done = 0;
    let total = 0;
    const seen = new Set<string>();
    try {
      // Reading a listed folder may uncover a group with pending children of its own: read until none is left.
      for (;;) {
        const paths = [...this.slots.keys()].filter((p) => !seen.has(p));
        if (paths.length === 0) break;
        for (const p of paths) seen.add(p);
        total += paths.length;
        o.onProgress?.(done, total);
        await Promise.all(paths.map((p) => this.join(p, o.signal).then(() => o.onProgress?.(++done, total))));
      }
    } finally {
      this.publish();
    }
    return this.model;
  }

  async loadVariable(path: string, o: LoadOptions = {}): Promise<Variable | undefined> {
    let model = this.model;
    let v = findVariable(model.root, path);
    if (!v) {
      const full = path.startsWith('/')
        ? path
        : [...this.slots.keys()].find((p) => p.slice(p.lastIndexOf('/') + 1) === path);
      if (full === undefined) return undefined;
      model = await this.load([full], o);
      v = findVariable(model.root, full);
      if (!v) return undefined;
    }
    const related = relatedPaths(model, v);
    if (related.length === 0) return v;
    model = await this.load(related, o);
    return findVariable(model.root, v.path);
  }

  subscribe(listener: (m: Dataset) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Opens a dataset's metadata. With `lazy`, arrays whose names are known are left pending (see the module doc);
 * without it everything is read, and the loader has nothing to load.
 */
export async function openMetadata(store: Store, options: ReadDatasetOptions = {}): Promise<MetadataLoader> {
  const { raw, probe } = await readRaw(store, options);
  return new Loader(store, raw, probe, options);
}
