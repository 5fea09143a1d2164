/**
 * The finest level's value at a cell of a field drawn level by level, read when the pointer rests there (one chunk):
 * the hover of the tiled heatmap and of the pyramid's Map. A move or a press before the read is done cancels it.
 */
import { useEffect, useRef } from 'react';
import { formatNumber, isAbort, type OpenedDataset } from '../../core';
import { decodeOnce } from '../../state/decode-cache';
import type { TileAxes, TileLevel } from './tile-plan';

/** The pointer rests this long before the finest value is read. */
const REST_MS = 120;

/** A value as the read-outs show it. */
export function valueText(v: number | undefined, masked: boolean): string {
  return masked || v === undefined || Number.isNaN(v) ? 'masked' : formatNumber(v);
}

export function useFinestRead(
  dataset: OpenedDataset,
  finest: TileLevel,
  axes: TileAxes,
): {
  /** The finest level's indices of cell (xi, yi) along the shown axes (the other dimensions at their indices). */
  readonly indicesAt: (xi: number, yi: number) => number[];
  /** Reads cell (xi, yi) once the pointer rests, then `show`s its value (or why it could not be read). */
  readonly readAt: (xi: number, yi: number, show: (text: string) => void) => void;
  /** Cancels the read waiting or under way. */
  readonly stop: () => void;
} {
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; ctl: AbortController } | null>(null);
  const stop = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.ctl.abort();
    pending.current = null;
  };
  useEffect(() => stop, []);
  const indicesAt = (xi: number, yi: number) =>
    finest.shape.map((_, d) => (d === axes.xDim ? xi : d === axes.yDim ? yi : (axes.indices[d] ?? 0)));
  const readAt = (xi: number, yi: number, show: (text: string) => void) => {
    stop();
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      dataset
        .read(finest.path, indicesAt(xi, yi), { signal: ctl.signal })
        .then((slice) => {
          if (ctl.signal.aborted) return;
          const d = decodeOnce(dataset, slice);
          show(d ? valueText(d.values[0], d.mask?.[0] === 1) : 'not a number');
        })
        .catch((e: unknown) => {
          if (!ctl.signal.aborted && !isAbort(e))
            show(`could not be read (${e instanceof Error ? e.message : String(e)})`);
        });
    }, REST_MS);
    pending.current = { timer, ctl };
  };
  return { indicesAt, readAt, stop };
}
