/**
 * The reprojected map: the cell index of every pixel, computed in the decode workers (the pool's `reproject`
 * task) for a grid geometry and a projection. A newer request aborts the older one (a drag, a zoom).
 */
import { useEffect, useState } from 'react';
import { isAbort, type OpenDataset, type OpenedDataset, type ReprojectTask } from '../../core';
import type { MapGrid } from './map-grid';

export interface Reprojected {
  readonly cells: Int32Array;
  /** The task it answers (projection, extent, output size). */
  readonly task: ReprojectTask;
}

function canReproject(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).reproject === 'function';
}

/** Reprojects `grid` for `view` (spec, extent, size) whenever either changes; the view is compared by value. */
export function useReprojection(
  ds: OpenedDataset | null,
  grid: MapGrid | null,
  view: Omit<ReprojectTask, 'grid' | 'gridKey'>,
): { shown: Reprojected | null; error: string | null } {
  const [shown, setShown] = useState<Reprojected | null>(null);
  const [error, setError] = useState<string | null>(null);
  const viewKey = JSON.stringify(view);
  const geometry = grid?.geometry ?? null;
  const gridKey = grid?.key ?? null;
  useEffect(() => {
    if (!geometry || gridKey === null || !ds) return;
    const ac = new AbortController();
    const task: ReprojectTask = { ...(JSON.parse(viewKey) as typeof view), grid: geometry, gridKey };
    const run = canReproject(ds)
      ? ds.reproject(task, { signal: ac.signal })
      : Promise.reject(new Error('This dataset cannot reproject a map.'));
    run.then(
      (cells) => !ac.signal.aborted && (setShown({ cells, task }), setError(null)),
      (e: unknown) => !ac.signal.aborted && !isAbort(e) && setError(String(e)),
    );
    return () => ac.abort();
  }, [ds, geometry, gridKey, viewKey]);
  return { shown, error };
}
