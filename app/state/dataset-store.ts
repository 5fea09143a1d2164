/**
 * The opened dataset, its loading state and the selected tree item. Datasets open lazily: the tree shows once
 * the groups are read, and `need` reads the metadata of pending variables (rows on screen), batched.
 */
import { create } from 'zustand';
import { type Dataset, isAbort, type OpenedDataset, type Progress, type Source } from '../core';
import { openWithSettings } from './open-with-settings';
import { useSettings } from './settings-store';
import { useSlice } from './slice-store';

export type OpenStatus = 'idle' | 'opening' | 'ready' | 'error';

interface DatasetState {
  status: OpenStatus;
  dataset: OpenedDataset | null;
  /** The dataset's latest model (it grows as pending variables are read). */
  model: Dataset | null;
  /** The source the dataset came from (share links need a URL source); after a failed open, the one that failed. */
  source: Source | null;
  label: string;
  error: unknown;
  progress: Progress | null;
  controller: AbortController | null;
  /** Selected group or variable path. */
  selected: string | null;
  open(source: Source, label: string): Promise<OpenedDataset | null>;
  cancelOpen(): void;
  select(path: string | null): void;
  clearError(): void;
  /** Asks for the metadata of pending variables (e.g. the tree rows on screen); reads are batched. */
  need(paths: readonly string[]): void;
  /** Shows `next` in place of `prev` (a join whose axis grew), keeping the selection; nothing when `prev` is gone. */
  replace(prev: OpenedDataset, next: OpenedDataset): void;
}

/** The reads of the open dataset's pending metadata: cancelled when another dataset opens. */
let lifetime = new AbortController();
let unsubscribe: () => void = () => undefined;
const wanted = new Set<string>();
let flush: ReturnType<typeof setTimeout> | null = null;

/** Closes the dataset in view and stops its pending reads (another opens, or an open failed). */
function closeCurrent(ds: OpenedDataset | null): void {
  ds?.close();
  lifetime.abort();
  lifetime = new AbortController();
  unsubscribe();
  unsubscribe = () => undefined;
  wanted.clear();
}

/**
 * Set by app/browse: shows a source that is a place (a URL, a dropped folder: not one dataset) and answers true,
 * before the open. Set by app/join:
 * opens a URL that is a glob or member list as one dataset (`isJoin` says which, without loading the join code).
 */
export const openHooks: {
  placeFirst?: (source: Source, signal: AbortSignal) => Promise<boolean>;
  isJoin?: (url: string) => boolean;
  join?: (url: string, signal: AbortSignal) => Promise<OpenedDataset>;
} = {};

export const useDataset = create<DatasetState>((set, get) => ({
  status: 'idle',
  dataset: null,
  model: null,
  source: null,
  label: '',
  error: null,
  progress: null,
  controller: null,
  selected: null,
  async open(source, label) {
    get().controller?.abort();
    const controller = new AbortController();
    set({ status: 'opening', controller, error: null, progress: null, label });
    try {
      const join = source.kind === 'url' && openHooks.join && openHooks.isJoin?.(source.url) ? openHooks.join : null;
      // A place (a bucket prefix, a folder, a catalog, a dropped folder of several datasets) is browsed instead
      // (app/browse registers the hook).
      if (!join && (await openHooks.placeFirst?.(source, controller.signal))) {
        if (get().controller === controller) set({ status: get().dataset ? 'ready' : 'idle', controller: null });
        return null;
      }
      const ds =
        join && source.kind === 'url'
          ? await join(source.url, controller.signal)
          : await openWithSettings(source, controller.signal, (progress) => {
              if (get().controller === controller) set({ progress });
            });
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      closeCurrent(get().dataset);
      unsubscribe = ds.subscribe((model) => {
        if (get().dataset === ds) set({ model });
      });
      set({
        status: 'ready',
        dataset: ds,
        model: ds.model,
        source,
        label,
        controller: null,
        selected: '/',
        progress: null,
      });
      if (source.kind === 'url') useSettings.getState().addRecent(source.url);
      return ds;
    } catch (e) {
      if (get().controller !== controller) return null;
      if (isAbort(e)) {
        set({
          status: get().dataset ? 'ready' : 'idle',
          controller: null,
          progress: null,
          label: get().dataset ? get().label : '',
        });
      } else {
        // The previous dataset goes: the error, the URL field and the page all concern the one that failed.
        closeCurrent(get().dataset);
        useSlice.getState().clear();
        set({
          status: 'error',
          error: e,
          controller: null,
          progress: null,
          dataset: null,
          model: null,
          source,
          label,
          selected: null,
        });
      }
      return null;
    }
  },
  cancelOpen() {
    get().controller?.abort();
  },
  select(path) {
    // Another item: the slice still loading belongs to the old one, so stop its requests now (not after the
    // next render, and also when the new item is a group that shows no slice).
    if (path !== get().selected) useSlice.getState().cancel();
    set({ selected: path });
  },
  clearError() {
    set({ error: null, status: get().dataset ? 'ready' : 'idle' });
  },
  replace(prev, next) {
    if (get().dataset !== prev) return;
    unsubscribe();
    unsubscribe = next.subscribe((model) => {
      if (get().dataset === next) set({ model });
    });
    set({ dataset: next, model: next.model });
  },
  need(paths) {
    for (const p of paths) wanted.add(p);
    // Asks made in the same moment go out as one batch, read in parallel.
    if (flush !== null || wanted.size === 0) return;
    flush = setTimeout(() => {
      flush = null;
      const ds = get().dataset;
      const batch = [...wanted];
      wanted.clear();
      ds?.load(batch, { signal: lifetime.signal }).catch(() => undefined);
    }, 0);
  },
}));
