/** The opened dataset, its loading state and the selected tree item. */
import { create } from 'zustand';
import { isAbort, openDataset, type OpenedDataset, type Progress, type Source } from '../core';
import { openCredentials, requestTimeoutMs, useSettings } from './settings-store';
import { useSlice } from './slice-store';

export type OpenStatus = 'idle' | 'opening' | 'ready' | 'error';

interface DatasetState {
  status: OpenStatus;
  dataset: OpenedDataset | null;
  /** The source the dataset came from (share links need a URL source). */
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
}

export const useDataset = create<DatasetState>((set, get) => ({
  status: 'idle',
  dataset: null,
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
      const ds = await openDataset(source, {
        signal: controller.signal,
        ...openCredentials(),
        timeoutMs: requestTimeoutMs(),
        onProgress: (progress) => {
          if (get().controller === controller) set({ progress });
        },
      });
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      get().dataset?.close();
      set({ status: 'ready', dataset: ds, source, label, controller: null, selected: '/', progress: null });
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
        set({ status: 'error', error: e, controller: null, progress: null });
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
}));
