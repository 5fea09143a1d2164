/**
 * The geometry of a slice on projected x/y with a CF grid mapping (the view context's `projected`): its x and y
 * coordinates as shown (with the slice's stride) and the mapping, for the workers' reprojection; and, once the
 * map's core is loaded, the mapping's transform for the hover (a cell's latitude/longitude and its x/y).
 */
import { useEffect, useMemo, useState } from 'react';
import { formatNumber, type GridGeometry } from '../../core';
import type { SliceFrame } from '../shared/slice-frame';
import type { ViewContext } from '../shared/view-kind';
import { mapCore, type MapCore } from '../../plot/map/map-core';

type ProjectedGeometry = Extract<GridGeometry, { kind: 'projected' }>;
type Transform = ReturnType<MapCore['mappingTransform']>;

export interface ProjectedParts {
  readonly geometry: ProjectedGeometry;
  readonly key: string;
  /** A cell's x and y in the coordinates' units. */
  xy(cell: number): [number, number];
  readonly transform: Transform | null;
  readonly units: string;
}

const numbers = (v: readonly (number | string)[]) => Float64Array.from(v, Number);

export function useProjectedGrid(frame: SliceFrame, context: ViewContext | undefined): ProjectedParts | null {
  const p = context?.projected ?? null;
  const [n0 = 0, n1 = 0] = frame.values?.shape ?? [];
  const cx = context?.x ?? null;
  const cy = context?.y ?? null;
  const low = cx !== null && cy !== null ? Math.min(cx, cy) : -1;
  const xAxis = p && cx === p.xDim ? frame.x : frame.y;
  const yAxis = p && cx === p.xDim ? frame.y : frame.x;
  // By value: the axes' arrays are new at every slice, their coordinates are not.
  const key = p
    ? JSON.stringify([p.mappingPath, p.mapping.proj4, p.scale, low === p.yDim, n0, n1, xAxis.values, yAxis.values])
    : null;
  const geometry = useMemo((): ProjectedGeometry | null => {
    if (!key || !p) return null;
    const [, , , rowsAreY, rows, cols, x, y] = JSON.parse(key) as [
      string,
      string,
      number,
      boolean,
      number,
      number,
      (number | string)[],
      (number | string)[],
    ];
    return {
      kind: 'projected',
      rows,
      cols,
      rowsAreY,
      x: numbers(x),
      y: numbers(y),
      mapping: p.mapping,
      scale: p.scale,
    };
    // `p` is new at every render; the key holds all of it that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const [core, setCore] = useState<MapCore | null>(null);
  useEffect(() => {
    let live = true;
    void mapCore().then((c) => live && setCore(c));
    return () => {
      live = false;
    };
  }, []);
  const transform = useMemo(() => {
    if (!core || !geometry) return null;
    try {
      return core.mappingTransform(geometry.mapping, geometry.scale);
    } catch {
      return null;
    }
  }, [core, geometry]);
  return useMemo(() => {
    if (!geometry || !key) return null;
    const { cols, rowsAreY, x, y } = geometry;
    const xy = (cell: number): [number, number] => {
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      return rowsAreY ? [x[c] ?? NaN, y[r] ?? NaN] : [x[r] ?? NaN, y[c] ?? NaN];
    };
    return { geometry, key, xy, transform, units: p?.units ?? '' };
  }, [geometry, key, transform, p?.units]);
}

/** `x 1.5 km, y −3 km`: a projected cell's coordinates for the hover. */
export function xyLabel([x, y]: readonly [number, number], units: string): string {
  const u = units ? ` ${units}` : '';
  return `x ${formatNumber(x)}${u}, y ${formatNumber(y)}${u}`;
}

/** Whether the grid spans less than 90° of latitude (a coarse sample of its cells). */
export function projectedRegional(parts: ProjectedParts): boolean {
  const t = parts.transform;
  if (!t) return false;
  const { rows, cols } = parts.geometry;
  let lo = Infinity;
  let hi = -Infinity;
  const step = Math.max(1, Math.floor(Math.min(rows, cols) / 16));
  for (let r = 0; r < rows; r += step)
    for (let c = 0; c < cols; c += step) {
      const lat = t.inverse(...parts.xy(r * cols + c))[1];
      if (lat < lo) lo = lat;
      if (lat > hi) hi = lat;
    }
  return hi - lo < 90;
}
