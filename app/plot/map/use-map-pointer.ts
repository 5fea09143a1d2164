/**
 * Pointer on the map: on the orthographic globe a drag that turns it (the centre follows while dragging and is
 * committed to the view on release), and hover (latitude, longitude, value; node-located mesh data: the face and
 * the value interpolated at the pointer) and click (the cell's series; node data: the face's nearest node's).
 */
import { useMemo, useState } from 'react';
import { formatNumber, type loadMapCore, type ProjectionSpec } from '../../core';
import type { RasterPointer } from '../RasterPlot';
import type { ViewOptions } from '../../state/view-options';
import { dragCenter } from './drag';
import type { MapGrid } from './map-grid';
import type { Reprojected } from './use-reprojection';

type MapCore = Awaited<ReturnType<typeof loadMapCore>>;

interface Drag {
  readonly x: number;
  readonly y: number;
  readonly from: readonly [number, number];
  readonly center: readonly [number, number];
  readonly moved: boolean;
}

/** The first image (finest first) covering frame point (fx, fy), its pixel there and its pixel count (null: none). */
export function pixelAt(
  shown: readonly (Reprojected | null)[],
  fx: number,
  fy: number,
): { readonly image: Reprojected; readonly i: number; readonly pixels: number } | null {
  for (const s of shown) {
    if (!s) continue;
    const { spec, extent, size } = s.task;
    const [x0, y0, x1] = extent ?? [0, 0, spec.width, spec.height];
    const [w, h] = size ?? [spec.width, spec.height];
    const k = w / (x1 - x0);
    const px = Math.floor((fx - x0) * k);
    const py = Math.floor((fy - y0) * k);
    if (px >= 0 && py >= 0 && px < w && py < h) return { image: s, i: py * w + px, pixels: w * h };
  }
  return null;
}

/** The cell under frame point (fx, fy): from the first image that covers it (−1: none). */
export function cellAt(shown: readonly (Reprojected | null)[], fx: number, fy: number): number {
  const at = pixelAt(shown, fx, fy);
  return at ? (at.image.cells[at.i] ?? -1) : -1;
}

/**
 * The projection shown, whose centre follows a drag of the orthographic globe (`scale`: screen pixels per frame
 * pixel); a press on the globe that does not move is a tap (`release()` is true), not a click; `wasDrag()` says whether a
 * click ends a drag.
 */
export function useGlobeDrag(
  options: ViewOptions,
  setOptions: (o: Partial<ViewOptions>) => void,
  width: number,
  height: number,
  scale: number,
) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dragged, setDragged] = useState(false);
  const center = drag?.center ?? options.center;
  const spec: ProjectionSpec = useMemo(
    () => ({ name: options.projection, center, width, height }),
    [options.projection, center, width, height],
  );
  const onPointerDown = (e: React.PointerEvent) => {
    if (options.projection !== 'orthographic' || e.button !== 0) return;
    // Every move and the release come here, even over plotly's own drag cover (so a press that does not move
    // is a tap).
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragged(false);
    setDrag({ x: e.clientX, y: e.clientY, from: options.center, center: options.center, moved: false });
  };
  /** Ends a press: true when it was a tap (it did not move). */
  const release = (): boolean => {
    if (!drag) return false;
    if (drag.moved) {
      setOptions({ center: [drag.center[0], drag.center[1]] });
      setDragged(true);
    }
    setDrag(null);
    return !drag.moved;
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!drag) return;
    if (e.buttons === 0) return void release();
    const [dx, dy] = [(e.clientX - drag.x) / scale, (e.clientY - drag.y) / scale];
    const moved = drag.moved || Math.hypot(dx, dy) * scale > 3;
    const next = moved ? dragCenter(drag.from, dx, dy, (Math.min(width, height) - 4) / 2) : drag.center;
    if (moved !== drag.moved || next[0] !== drag.center[0] || next[1] !== drag.center[1])
      setDrag({ ...drag, center: next, moved });
  };
  return {
    spec,
    dragging: drag?.moved ?? false,
    /** True once after a drag ended (its click is not a click on a cell). */
    wasDrag: () => (dragged ? (setDragged(false), true) : false),
    onPointerDown,
    onPointerMove,
    release,
  };
}

/** Hover text and click of the map: `shown` are the reprojected images, finest first. */
export function useMapHover(
  core: MapCore | null,
  spec: ProjectionSpec,
  grid: MapGrid | null,
  shown: readonly (Reprojected | null)[],
  title: string,
) {
  const [hover, setHover] = useState('');
  const invert = useMemo(() => (core ? core.checkedInvert(core.makeProjection(spec)) : null), [core, spec]);
  const onHover = (p: RasterPointer | null) => {
    if (!p || !invert || !grid) return setHover('');
    const [fx, fy] = [p.x, -p.y];
    const ll = invert(fx, fy);
    if (!ll) return setHover('');
    const at = pixelAt(shown, fx, fy);
    const cell = at ? (at.image.cells[at.i] ?? -1) : -1;
    const where = `lat ${ll[1].toFixed(2)}°, lon ${ll[0].toFixed(2)}°`;
    // Node-located mesh data: the value interpolated at the pointer in the pixel's face; a click opens the
    // series of the face's nearest node, which the hover names.
    const node =
      at && core ? core.nodeHover(grid.geometry, at.image.cells, at.pixels, at.i, ll[0], ll[1], grid.values) : null;
    if (node && node.face >= 0) {
      const value = Number.isNaN(node.value) ? 'no data' : `${formatNumber(node.value)} interpolated`;
      const nearest = cell >= 0 && grid.describe ? `, nearest node ${grid.describe(cell)}` : '';
      return setHover(`${where} (face ${node.face}${nearest}): ${value} — ${title}`);
    }
    const v = cell >= 0 ? grid.values[cell] : undefined;
    const value = v === undefined || Number.isNaN(v) ? 'no data' : formatNumber(v);
    const more = cell >= 0 && grid.describe ? ` (${grid.describe(cell)})` : '';
    setHover(`${where}${more}: ${value} — ${title}`);
  };
  /** The cell under a pointer, −1 for none. */
  const cellOf = (p: RasterPointer) => cellAt(shown, p.x, -p.y);
  return { hover, onHover, cellOf, clear: () => setHover('') };
}
