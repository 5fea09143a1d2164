/**
 * Paints a reprojected map on a canvas: the cells coloured (one colour range), the graticule and coastlines over them (Natural Earth
 * 110m for the globe, 50m zoomed in or for a regional grid), and the image to hand to a raster plot (placed on the
 * zoomed extent for a zoom's finer reprojection).
 */
import { useEffect, useState, type RefObject } from 'react';
import type { Land } from '../../core';
import type { RasterImage } from '../RasterPlot';
import { land, type MapCore } from './map-core';
import type { MapGrid } from './map-grid';
import { paintMap, type ColourOptions, type MapLines } from './render';
import type { Reprojected } from './use-reprojection';
import { coastDetail, zoomPlacement } from './zoom';

export interface MapPaint {
  /** The pixels drawn last (null before the first paint). */
  readonly image: RasterImage | null;
  /** Paints done (tests wait on it). */
  readonly count: number;
  /** The coastlines' detail drawn with the last paint ('' without coastlines). */
  readonly coast: string;
  /** The reprojection the last paint shows. */
  readonly task: Reprojected['task'] | null;
  /** Why the coastlines could not be drawn, or null. */
  readonly error: string | null;
}

const NONE: MapPaint = { image: null, count: 0, coast: '', task: null, error: null };

/** Paints `shown` (the cells of each pixel) of `grid` on `canvas` whenever either or the colours change. */
export function useMapPaint(
  core: MapCore | null,
  canvas: RefObject<HTMLCanvasElement | null>,
  shown: Reprojected | null,
  grid: MapGrid | null,
  colours: ColourOptions | null,
  coastlines: boolean,
  lines: MapLines | null = null,
): MapPaint {
  const [paint, setPaint] = useState<MapPaint>(NONE);
  useEffect(() => {
    const cv = canvas.current;
    if (!core || !shown || !grid || !colours || !cv) return;
    const { spec, extent, size } = shown.task;
    const zoom = extent && size ? { extent, size } : null;
    const [width, height] = zoom ? zoom.size : [spec.width, spec.height];
    const detail = coastDetail(zoom?.extent ?? null, spec.width, grid.regional);
    const projection = zoom ? core.zoomedProjection(spec, zoom.extent, zoom.size) : core.makeProjection(spec);
    let live = true;
    const draw = (outline: Land | null) => {
      if (!live) return;
      const img = { cells: shown.cells, values: grid.values, width, height, geometry: grid.geometry };
      if (!paintMap(core, cv, img, colours, projection, outline, lines)) return;
      const image = { width, height, source: cv, ...(zoom ? { extent: zoomPlacement(zoom.extent, zoom.size) } : {}) };
      setPaint((p) => ({ image, count: p.count + 1, coast: outline ? detail : '', task: shown.task, error: null }));
    };
    if (!coastlines) draw(null);
    else land(core, detail).then(draw, (e: unknown) => live && setPaint((p) => ({ ...p, error: String(e) })));
    return () => {
      live = false;
    };
  }, [core, canvas, shown, grid, colours, coastlines, lines]);
  return paint;
}
