/**
 * The second dataset of "Compare with…" (dataset B beside the shown one, A): B opened through the same `openWithSettings`
 * path as A (credentials, aliases, timeout, lazy), B's variable, how B's slice follows A's (by coordinate value or
 * by index), the regridding method of the difference and which compare view is shown.
 */
import { create } from 'zustand';
import { isAbort, pendingPaths, type Dataset, type OpenDataset, type Progress, type Source } from '../core';
import type { CompareMode, CompareSettings, LinkMode, RegridChoice } from './compare-settings';
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
    try {
      const ds = await openWithSettings(source, controller.signal, (progress) => {
        if (get().controller === controller) set({ progress });
      });
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      get().dataset?.close();
      lifetime.abort();
      lifetime = new AbortController();
      unsubscribe();
      unsubscribe = ds.subscribe((model) => {
        if (get().dataset === ds) set({ model });
      });
      set({
        status: 'ready',
        dataset: ds,
        model: ds.model,
        url: label,
        source,
        controller: null,
        progress: null,
        variable: null,
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
  setMethod(method) {
    set({ method });
  },
  setMode(mode) {
    set({ mode });
  },
  close() {
    get().controller?.abort();
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
      error: null,
    });
  },
  settings() {
    const { dataset, url, source, variable, link, method, mode, active } = get();
    if (!active || !dataset || source?.kind !== 'url') return null;
    return { url: dataset.location || url, variable: variable ?? undefined, link, method, mode };
  },
  async restore(s) {
    set({ link: s.link, method: s.method, mode: s.mode, active: true });
    const current = get();
    const same = current.dataset && (current.url === s.url || current.dataset.location === s.url);
    const ds = same ? current.dataset : await get().open(s.url);
    if (!ds || !s.variable) return;
    const v = await ds.loadVariable(s.variable);
    if (!v) throw new Error(`The shared link compares with ${s.variable}, which dataset B does not have.`);
    set({ variable: v.path });
  },
}));
