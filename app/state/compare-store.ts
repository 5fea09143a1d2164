/**
 * The second dataset of "Compare with…" (dataset B beside the shown one, A): B opened through the same `openWithSettings`
 * path as A (credentials, aliases, timeout, lazy) — a glob or member list as one dataset, growing as its members are
 * read, as A's join does —, B's variable, how B's slice follows A's (by coordinate value or by index), the
 * dimensions B holds at its own step instead, the regridding method of the difference and which compare view is
 * shown.
 */
import { create } from 'zustand';
import {
  isAbort,
  isJoinLocation,
  pendingPaths,
  type Dataset,
  type OpenDataset,
  type Progress,
  type Source,
} from '../core';
import type { CompareMode, CompareSettings, LinkMode, RegridChoice } from './compare-settings';
import { openCompareJoin } from './open-compare-join';
import { openWithSettings } from './open-with-settings';

export type { CompareMode, CompareSettings, LinkMode, RegridChoice } from './compare-settings';

interface CompareState {
  /** The "Compare with…" panel is open. */
  active: boolean;
  status: 'idle' | 'opening' | 'ready' | 'error';
  dataset: OpenDataset | null;
  model: Dataset | null;
  /** B's location as opened (a URL with its `#mode`; a dropped file's name). */
  url: string;
  /** Where B came from: only a URL goes into share links. */
  source: Source | null;
  error: unknown;
  progress: Progress | null;
  controller: AbortController | null;
  /** B's variable (a full path), or null while none is chosen. */
  variable: string | null;
  link: LinkMode;
  /** B's own step by B's dimension name: those dimensions do not follow A's (A = one day, B = another). */
  steps: Readonly<Record<string, number>>;
  method: RegridChoice;
  mode: CompareMode;
  setActive(active: boolean): void;
  /** Opens B (replacing an earlier B); resolves with it, or null when cancelled or failed (see `error`). */
  open(url: string): Promise<OpenDataset | null>;
  /** Opens B from any source (a dropped file or folder: `label` names it). */
  openSource(source: Source, label: string): Promise<OpenDataset | null>;
  cancelOpen(): void;
  setVariable(path: string | null): void;
  setLink(link: LinkMode): void;
  /** Holds B's dimension `dim` at its own step `index`, or (null) lets it follow A's again. */
  setStep(dim: string, index: number | null): void;
  setMethod(method: RegridChoice): void;
  setMode(mode: CompareMode): void;
  /** Closes the comparison and B. */
  close(): void;
  /** The share-link part, or null when no B is open. */
  settings(): CompareSettings | null;
  /** Restores a comparison from a share link: opens B, then reads B's variable before choosing it. */
  restore(s: CompareSettings): Promise<void>;
}

let unsubscribe: () => void = () => undefined;
/** Reads of B's pending metadata: stopped when B closes or another B opens. */
let lifetime = new AbortController();
/** B's variables read at open (a lazily opened file lists names only; the offer needs their metadata). */
const READ_AT_OPEN = 500;
/** Stops the reading of B's members when B is a join still growing. */
let stopGrowing: () => void = () => undefined;
/** B's whole join once every member is read (B itself when it is not a join): share links wait for it. */
let settledB: Promise<unknown> = Promise.resolve();

export const useCompare = create<CompareState>((set, get) => ({
  active: false,
  status: 'idle',
  dataset: null,
  model: null,
  url: '',
  source: null,
  error: null,
  progress: null,
  controller: null,
  variable: null,
  link: 'coords',
  steps: {},
  method: 'linear',
  mode: 'side',
  setActive(active) {
    set({ active });
  },
  open(url) {
    return get().openSource({ kind: 'url', url }, url);
  },
  async openSource(source, label) {
    get().controller?.abort();
    const controller = new AbortController();
    set({ status: 'opening', controller, error: null, progress: null, active: true });
    const onProgress = (progress: Progress) => {
      if (get().controller === controller) set({ progress });
    };
    // A join's later datasets (its axis grown) take B's place while B is this join's.
    let latest: OpenDataset | null = null;
    let shown: OpenDataset | null = null;
    const watch = (ds: OpenDataset) => {
      unsubscribe();
      unsubscribe = ds.subscribe((model) => {
        if (get().dataset === ds) set({ model });
      });
    };
    const grown = (next: OpenDataset) => {
      latest = next;
      if (!shown || get().dataset !== shown) return;
      shown = next;
      watch(next);
      set({ dataset: next, model: next.model });
    };
    try {
      const join =
        source.kind === 'url' && isJoinLocation(source.url)
          ? await openCompareJoin(source.url, controller.signal, onProgress, grown)
          : null;
      const opened = join ? join.first : await openWithSettings(source, controller.signal, onProgress);
      if (controller.signal.aborted) {
        join?.stop();
        throw new DOMException('aborted', 'AbortError');
      }
      const ds: OpenDataset = latest ?? opened;
      get().dataset?.close();
      stopGrowing();
      stopGrowing = join ? join.stop : () => undefined;
      settledB = join ? join.complete.catch(() => undefined) : Promise.resolve();
      lifetime.abort();
      lifetime = new AbortController();
      watch(ds);
      shown = ds;
      set({
        status: 'ready',
        dataset: ds,
        model: ds.model,
        url: label,
        source,
        controller: null,
        progress: null,
        variable: null,
        steps: {},
      });
      const pending = pendingPaths(ds.model.root).slice(0, READ_AT_OPEN);
      if (pending.length) void ds.load(pending, { signal: lifetime.signal }).catch(() => undefined);
      return ds;
    } catch (e) {
      if (get().controller !== controller) return null;
      const had = get().dataset !== null;
      if (isAbort(e)) set({ status: had ? 'ready' : 'idle', controller: null, progress: null });
      else set({ status: 'error', error: e, controller: null, progress: null });
      return null;
    }
  },
  cancelOpen() {
    get().controller?.abort();
  },
  setVariable(variable) {
    set({ variable });
  },
  setLink(link) {
    set({ link });
  },
  setStep(dim, index) {
    const steps = { ...get().steps };
    if (index === null) delete steps[dim];
    else steps[dim] = index;
    set({ steps });
  },
  setMethod(method) {
    set({ method });
  },
  setMode(mode) {
    set({ mode });
  },
  close() {
    get().controller?.abort();
    stopGrowing();
    stopGrowing = () => undefined;
    lifetime.abort();
    unsubscribe();
    unsubscribe = () => undefined;
    get().dataset?.close();
    set({
      active: false,
      status: 'idle',
      dataset: null,
      model: null,
      url: '',
      source: null,
      variable: null,
      steps: {},
      error: null,
    });
  },
  settings() {
    const { dataset, url, source, variable, link, steps, method, mode, active } = get();
    if (!active || !dataset || source?.kind !== 'url') return null;
    const held = Object.keys(steps).length ? { steps } : {};
    return { url: dataset.location || url, variable: variable ?? undefined, link, method, mode, ...held };
  },
  async restore(s) {
    set({ link: s.link, method: s.method, mode: s.mode, active: true });
    const current = get();
    const same = current.dataset && (current.url === s.url || current.dataset.location === s.url);
    const opened = same ? current.dataset : await get().open(s.url);
    if (!opened) return;
    // B's steps are along the whole join, as A's indices are.
    await settledB;
    const ds = get().dataset;
    if (!ds) return;
    set({ steps: s.steps ?? {} });
    if (!s.variable) return;
    const v = await ds.loadVariable(s.variable);
    if (!v) throw new Error(`The shared link compares with ${s.variable}, which dataset B does not have.`);
    set({ variable: v.path });
  },
}));
