/**
 * The shown slice and the one being loaded. A new load replaces the pending one; Cancel (or a failure) leaves
 * the shown slice as it was.
 */
import { create } from 'zustand';
import { afterFrame } from '../common/after-frame';
import { mark } from '../common/marks';
import { decodeOnce } from './decode-cache';
import {
  isAbort,
  type DecodedSlice,
  type DimSelection,
  type OpenedDataset,
  type Progress,
  type DatasetReadOptions,
  type OpenDataset,
  type Slice,
  type MadeSliceImage,
  type SlicePart,
} from '../core';

export interface Shown {
  readonly key: string;
  readonly slice: Slice;
  /** Decoded numeric values, or null for text/complex data. */
  readonly decoded: DecodedSlice | null;
  readonly selection: readonly DimSelection[];
  /** Second slice for A − B. */
  readonly other: { readonly slice: Slice; readonly decoded: DecodedSlice | null } | null;
  /** Every `stride`-th element along the shown dimensions (1: the whole selection). */
  readonly stride: number;
}

/** The slice being read, chunk by chunk (a slice of several chunks): for a progressive first paint. */
export interface PartialSlice {
  readonly key: string;
  readonly path: string;
  readonly shape: readonly number[];
  /** The slice's raw values so far (elements of chunks not yet in hold nothing yet). */
  readonly data: SlicePart['data'];
  /** The parts in place, in the order they came. */
  readonly parts: readonly Pick<SlicePart, 'start' | 'count'>[];
}

/**
 * Work to do on a slice as read before it is shown (e.g. decode and colour it in a worker, so that showing it is one
 * draw); a failure only means the view does that work itself.
 */
export interface Prepare {
  /** Read options that have the read do part of that work (the image made by the worker that decodes the chunk). */
  readonly readOptions?: (() => Pick<DatasetReadOptions, 'image'>) | undefined;
  /**
   * The image asked for in `readOptions`, as soon as it is made (before the slice is returned): drawn at once; true
   * when it was (the slice is then shown after that picture's frame).
   */
  readonly early?: ((made: MadeSliceImage, key: string) => boolean) | undefined;
  /** The read's first picture at about the plot's resolution (`ReadOptions.onSlicePreview`), drawn at once. */
  readonly preview?: ((made: MadeSliceImage, key: string) => void) | undefined;
  readonly run: (slice: Slice, signal: AbortSignal) => Promise<void>;
}

interface SliceState {
  shown: Shown | null;
  partial: PartialSlice | null;
  pendingKey: string | null;
  progress: Progress | null;
  controller: AbortController | null;
  error: unknown;
  load(
    ds: OpenedDataset,
    path: string,
    selection: readonly DimSelection[],
    compare: string | null,
    stride?: number,
    prepare?: Prepare,
  ): Promise<void>;
  cancel(): void;
  clear(): void;
}

function decode(ds: OpenedDataset, slice: Slice): DecodedSlice | null {
  return decodeOnce(ds, slice);
}

export function sliceKey(path: string, selection: readonly DimSelection[], compare: string | null, stride = 1): string {
  return JSON.stringify(stride > 1 ? [path, selection, compare, stride] : [path, selection, compare]);
}

/** The variable path of a slice key. */
export function keyPath(key: string): string {
  return (JSON.parse(key) as [string])[0];
}

export const useSlice = create<SliceState>((set, get) => ({
  shown: null,
  partial: null,
  pendingKey: null,
  progress: null,
  controller: null,
  error: null,
  async load(ds, path, selection, compare, stride = 1, prepare) {
    const key = sliceKey(path, selection, compare, stride);
    if (get().shown?.key === key && !get().controller) return;
    if (get().pendingKey === key) return;
    get().controller?.abort();
    mark('slice-load');
    const controller = new AbortController();
    set({ pendingKey: key, controller, progress: null, error: null, partial: null });
    const onProgress = (p: Progress) => {
      if (get().controller === controller) set({ progress: p });
    };
    // Only 2-D slices of one variable are drawn as they arrive.
    const onChunk =
      compare || selection.filter((s) => typeof s !== 'number').length !== 2
        ? undefined
        : (p: SlicePart) => {
            if (get().controller !== controller) return;
            const prev = get().partial;
            const parts = prev?.key === key ? prev.parts : [];
            set({
              partial: {
                key,
                path,
                shape: p.shape,
                data: p.data,
                parts: [...parts, { start: p.start, count: p.count }],
              },
            });
          };
    // The picture was drawn as soon as it was made: it reaches the screen before the view's work on the slice.
    let drawn = false;
    try {
      const [slice, b] = await Promise.all([
        // A dataset of this core takes the read options beyond the public ones (the image made with the decode).
        (ds.read as OpenDataset['read']).call(ds, path, selection, {
          ...(compare ? {} : prepare?.readOptions?.()),
          onSliceImage: (made: MadeSliceImage) => {
            if (get().controller === controller) drawn = prepare?.early?.(made, key) === true;
          },
          onSlicePreview: (made: MadeSliceImage) => {
            if (get().controller === controller && !drawn) prepare?.preview?.(made, key);
          },
          signal: controller.signal,
          onProgress,
          onChunk,
          stride,
        }),
        compare ? ds.read(compare, selection, { signal: controller.signal, stride }) : Promise.resolve(null),
      ]);
      if (get().controller !== controller) return;
      mark('slice-read');
      if (drawn) await afterFrame();
      if (get().controller !== controller) return;
      if (prepare && !compare) await prepare.run(slice, controller.signal).catch(() => undefined);
      if (get().controller !== controller) return;
      mark('slice-prepared');
      const other = b ? { slice: b, decoded: decode(ds, b) } : null;
      set({
        shown: { key, slice, decoded: decode(ds, slice), selection, other, stride },
        pendingKey: null,
        controller: null,
        progress: null,
        partial: null,
      });
      mark('slice-set');
    } catch (e) {
      if (get().controller !== controller) return;
      set({ pendingKey: null, controller: null, progress: null, partial: null, error: isAbort(e) ? null : e });
    }
  },
  cancel() {
    get().controller?.abort();
    set({ pendingKey: null, controller: null, progress: null, partial: null });
  },
  clear() {
    get().controller?.abort();
    set({ shown: null, partial: null, pendingKey: null, controller: null, progress: null, error: null });
  },
}));
