/// <reference lib="webworker" />
/** Map reprojection off the main thread: inverse projection per output pixel, nearest grid cell (src/geo). */
import { checkedInvert, makeProjection, type ProjectionSpec } from './projection';
import { reproject, type LatLonGrid } from './reproject';

export interface ReprojectRequest {
  readonly id: number;
  readonly grid: LatLonGrid;
  readonly spec: ProjectionSpec;
}

self.onmessage = (e: MessageEvent<ReprojectRequest>) => {
  const { id, grid, spec } = e.data;
  const image = reproject(grid, checkedInvert(makeProjection(spec)), spec.width, spec.height);
  (self as unknown as Worker).postMessage({ id, image }, [image.buffer]);
};
