/**
 * What picks a HEALPix pyramid's level on the Map (use-healpix-level.ts): the view's indices, and the degrees of
 * the globe per device pixel at the view's centre — the projection's scale (frame pixels per radian, d3's fit of
 * the frame) times the zoom's screen pixels per frame pixel and the device pixel ratio.
 */
import { useMemo } from 'react';
import type { ProjectionName } from '../../core';
import type { MapCore } from '../../plot/map/map-core';
import type { MapZoom } from '../../plot/map/zoom';
import type { LevelView } from './use-map-grid';

export function useLevelView(
  core: MapCore | null,
  projection: ProjectionName,
  width: number,
  height: number,
  zoom: MapZoom | null,
  indices: readonly number[],
): LevelView {
  const scale = useMemo(
    () => (core ? core.makeProjection({ name: projection, center: [0, 0], width, height }).scale() : 0),
    [core, projection, width, height],
  );
  const screen = (zoom?.scale ?? 1) * (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const pixelDegrees = scale > 0 ? 180 / Math.PI / (scale * screen) : 0;
  return useMemo(() => ({ indices, pixelDegrees }), [indices, pixelDegrees]);
}
