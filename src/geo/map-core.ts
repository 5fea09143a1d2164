/**
 * What the map view loads on first use (d3-geo, d3-geo-projection, world-atlas): projections, the reprojection
 * worker and Natural Earth land outlines. Imported dynamically (app/core.ts `loadMapCore`), never at start-up.
 */
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { ProjectionSpec } from './projection';
import type { LatLonGrid } from './reproject';

export { checkedInvert, makeProjection, type ProjectionSpec } from './projection';
export { reproject, type LatLonGrid } from './reproject';
export { geoPath } from 'd3-geo';

export type Land = GeoJSON.FeatureCollection | GeoJSON.Feature;

/** Land outlines from Natural Earth (world-atlas), 50m or 110m. */
export async function loadLand(detail: '50m' | '110m'): Promise<Land> {
  const mod = detail === '50m' ? await import('world-atlas/land-50m.json') : await import('world-atlas/land-110m.json');
  const topo = mod.default as unknown as Topology;
  const land = topo.objects.land;
  if (!land) throw new Error('world-atlas: no land object');
  return feature(topo, land) as Land;
}

/** Reprojects grids in a module worker (one per map view); the latest request wins. */
export class Reprojector {
  private readonly worker: Worker;
  private seq = 0;
  private pending = new Map<number, (image: Float32Array) => void>();

  constructor() {
    this.worker = new Worker(new URL('./reproject.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ id: number; image: Float32Array }>) => {
      this.pending.get(e.data.id)?.(e.data.image);
      this.pending.delete(e.data.id);
    };
  }

  run(grid: LatLonGrid, spec: ProjectionSpec): Promise<Float32Array> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, grid, spec });
    });
  }

  close(): void {
    this.worker.terminate();
    this.pending.clear();
  }
}
