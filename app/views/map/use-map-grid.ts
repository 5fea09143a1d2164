/**
 * The grid a map shows: its geometry (1-D latitude/longitude, or the 2-D latitude/longitude of a curvilinear
 * grid, read with the slice's stride), the values in the same row-major order, and, per cell, its coordinates and
 * its indices in the variable (for the hover and the time series). The geometry only changes with the grid, not
 * with the time step, so the reprojection is not redone when a slider moves.
 */
import { useEffect, useMemo, useState } from 'react';
import { mapValues } from './map-values';
import { decodeSlice, formatNumber, type OpenDataset, type OpenedDataset } from '../../core';
import type { SliceFrame } from '../shared/slice-frame';
import type { ViewContext } from '../shared/view-kind';
import type { MapGrid } from '../../plot/map/map-grid';
import { useCellGridMap } from '../../plot/map/use-cell-grid';
import { useHealpixLevel } from '../../plot/map/use-healpix-level';
import { projectedRegional, useProjectedGrid, xyLabel } from './use-projected-grid';

export type { MapGrid } from '../../plot/map/map-grid';

function numbers(values: readonly (number | string)[]): Float64Array {
  return Float64Array.from(values, (v) => (typeof v === 'number' ? v : Number(v)));
}

function canRead(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).reproject === 'function';
}

/**
 * Reads a 2-D coordinate variable (decoded, NaN where masked) in the values' row-major order (`same`: its two
 * dimensions are in the data variable's order).
 */
async function read2d(ds: OpenDataset, path: string, same: boolean, stride: number) {
  const slice = await ds.read(path, [null, null], { stride });
  const d = decodeSlice(slice);
  const [n0 = 0, n1 = 0] = slice.shape;
  const out = new Float64Array(n0 * n1);
  for (let i = 0; i < n0; i++)
    for (let j = 0; j < n1; j++) {
      const k = i * n1 + j;
      out[same ? k : j * n0 + i] = d.mask[k] ? NaN : (d.values[k] ?? NaN);
    }
  return out;
}

function span(a: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < a.length; i++) {
    const v = a[i] ?? NaN;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo;
}

/** What picks a HEALPix pyramid's level: the view's indices and the globe's degrees per device pixel. */
export interface LevelView {
  readonly indices: readonly number[];
  readonly pixelDegrees: number;
}

/**
 * The map grid of the slice on screen, or null while the 2-D coordinates load; `error` when they fail. On a
 * HEALPix pyramid, the level `level` needs (read when it is not the slice's).
 */
export function useMapGrid(
  frame: SliceFrame,
  context: ViewContext | undefined,
  ds: OpenedDataset | null,
  level: LevelView = { indices: [], pixelDegrees: 0 },
): { grid: MapGrid | null; error: string | null; problems: readonly string[] } {
  const curv = context?.curvilinear ?? null;
  const stride = frame.stride;
  // By value (the context is new at every render): paths and the order of their dimensions.
  const latPath = curv?.lat.path ?? null;
  const lonPath = curv?.lon.path ?? null;
  const latSame = curv ? curv.latDims[0] < curv.latDims[1] : true;
  const lonSame = curv ? curv.lonDims[0] < curv.lonDims[1] : true;
  const curvKey = latPath && lonPath && ds ? `${ds.location}|${latPath}|${lonPath}|${stride}` : null;
  const [coords, setCoords] = useState<{ key: string; lat: Float64Array; lon: Float64Array } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!latPath || !lonPath || !curvKey || !ds) return;
    let live = true;
    const read = canRead(ds)
      ? Promise.all([read2d(ds, latPath, latSame, stride), read2d(ds, lonPath, lonSame, stride)])
      : Promise.reject(new Error('this dataset cannot reproject a map'));
    read.then(
      ([lat, lon]) => live && (setCoords({ key: curvKey, lat, lon }), setError(null)),
      (e: unknown) => live && setError(`The 2-D latitude/longitude could not be read: ${String(e)}`),
    );
    return () => {
      live = false;
    };
  }, [latPath, lonPath, latSame, lonSame, curvKey, ds, stride]);

  const values = useMemo(() => {
    if (!frame.values) return null;
    const { values: v, mask } = frame.values;
    return mapValues(v as ArrayLike<number>, mask);
  }, [frame.values]);

  // The regular geometry by value: the axes' arrays are new at every slice, their coordinates are not.
  const geo = context?.geo ?? null;
  const [n0 = 0, n1 = 0] = frame.values?.shape ?? [];
  const cx = context?.x ?? null;
  const cy = context?.y ?? null;
  const variable = context?.variable ?? null;
  const low = cx !== null && cy !== null ? Math.min(cx, cy) : -1;
  const high = cx !== null && cy !== null ? Math.max(cx, cy) : -1;
  const latAxis = geo && context?.y === geo.lat ? frame.y : frame.x;
  const lonAxis = geo && context?.y === geo.lat ? frame.x : frame.y;
  const regularKey = geo ? JSON.stringify([low === geo.lat, n0, n1, latAxis.values, lonAxis.values]) : null;
  const regular = useMemo(() => {
    if (!regularKey) return null;
    const [rowsAreLat, rows, cols, lat, lon] = JSON.parse(regularKey) as [boolean, number, number, number[], number[]];
    return { kind: 'regular', rows, cols, rowsAreLat, lat: numbers(lat), lon: numbers(lon) } as const;
  }, [regularKey]);

  const curvilinear = useMemo(
    () =>
      curvKey && coords && coords.key === curvKey
        ? ({ kind: 'curvilinear', rows: n0, cols: n1, lat: coords.lat, lon: coords.lon } as const)
        : null,
    [coords, curvKey, n0, n1],
  );

  const projected = useProjectedGrid(frame, context);
  const shown = useHealpixLevel(
    ds,
    { cells: context?.cells ?? null, variable, values: context?.cells ? values : null },
    level.indices,
    level.pixelDegrees,
  );
  const cells = useCellGridMap(ds, shown.cells, shown.variable, shown.values, stride);

  const grid = useMemo((): MapGrid | null => {
    if (!values || !variable || low < 0) return null;
    const indices = (cell: number, others: readonly number[]) => {
      const r = Math.floor(cell / n1);
      const c = cell % n1;
      return variable.shape.map((_, d) => (d === low ? r * stride : d === high ? c * stride : (others[d] ?? 0)));
    };
    if (projected) {
      // A CF grid mapping: cells found by projecting forward in the workers, lat/lon by the inverse for the hover.
      const { xy, transform: t, units } = projected;
      return {
        geometry: projected.geometry,
        key: projected.key,
        values,
        latLon: (k) => {
          const [lon, lat] = t ? t.inverse(...xy(k)) : [NaN, NaN];
          return [lat, lon];
        },
        describe: (k) => xyLabel(xy(k), units),
        indices,
        regional: projectedRegional(projected),
      };
    }
    if (curvKey && curvilinear) {
      const { lat, lon } = curvilinear;
      return {
        geometry: curvilinear,
        key: curvKey,
        values,
        latLon: (k) => [lat[k] ?? NaN, lon[k] ?? NaN],
        indices,
        regional: span(lat) < 90,
      };
    }
    if (!curvKey && regular && regularKey) {
      const { lat, lon, rowsAreLat } = regular;
      return {
        geometry: regular,
        key: regularKey,
        values,
        latLon: (k) => {
          const [i, j] = rowsAreLat ? [Math.floor(k / n1), k % n1] : [k % n1, Math.floor(k / n1)];
          return [lat[i] ?? NaN, lon[j] ?? NaN];
        },
        indices,
        regional: lat.length > 1 && span(lat) < 90,
      };
    }
    return null;
  }, [values, variable, projected, curvilinear, curvKey, regular, regularKey, n1, low, high, stride]);
  if (context?.cells) return shown.error ? { ...cells, error: cells.error ?? shown.error } : cells;
  return { grid, error, problems: [] };
}

/** `(12.5, −30)`: a cell's latitude and longitude as the series title shows them. */
export function latLonLabel([lat, lon]: readonly [number, number]): string {
  return `(${formatNumber(lat)}, ${formatNumber(lon)})`;
}
