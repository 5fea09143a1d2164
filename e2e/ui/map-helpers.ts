/**
 * Pixel checks of the Map canvas: where Natural Earth's coastline (world-atlas 110m) passes, projected in Node
 * with the same d3 projection, the canvas holds the coastline colour; at chosen points it holds the data's colour
 * (or nothing, off the grid).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { geoDistance } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { makeProjection } from '../../src/geo/projection';
import type { ProjectionName } from '../../src/geo/projection-names';

const topo = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-110m.json'), 'utf8'),
) as Topology;
const land = feature(topo, topo.objects.land!) as GeoJSON.FeatureCollection;
// Coastline vertices of large land masses (rings of over 100 points), every 20th.
const coastPoints: [number, number][] = land.features
  .flatMap((f) =>
    f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates.map((p) => p[0]!)
      : f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates[0]!]
        : [],
  )
  .filter((ring) => ring.length > 100)
  .flatMap((ring) => ring.filter((_, i) => i % 20 === 5))
  .map((p) => [p![0]!, p![1]!]);
export const OCEAN: [number, number][] = [
  [-150, -30],
  [-30, 30],
  [80, -30],
  [-140, 20],
  [0, -50],
  [-40, -60],
];

export async function pixels(page: Page, pts: [number, number][], testId = 'map-canvas'): Promise<number[][]> {
  return page.getByTestId(testId).evaluate((c, p) => {
    const ctx = (c as HTMLCanvasElement).getContext('2d')!;
    return p.map(([x, y]) => Array.from(ctx.getImageData(x - 1, y - 1, 3, 3).data));
  }, pts);
}

export const isCoast = (block: number[]) => {
  for (let i = 0; i < block.length; i += 4)
    if (block[i]! < 60 && block[i + 1]! < 60 && block[i + 2]! < 60 && block[i + 3]! > 200) return true;
  return false;
};
export const isData = (block: number[]) => block[16 + 3] === 255 && !isCoast(block.slice(16, 20));

let land50: GeoJSON.FeatureCollection | undefined;
function land50m(): GeoJSON.FeatureCollection {
  if (!land50) {
    const topo50 = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-50m.json'), 'utf8'),
    ) as Topology;
    land50 = feature(topo50, topo50.objects.land!) as GeoJSON.FeatureCollection;
  }
  return land50;
}

function vertices50m(): number[][] {
  return land50m().features.flatMap((f) =>
    f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates.flat(2)
      : f.geometry.type === 'Polygon'
        ? f.geometry.coordinates.flat(1)
        : [],
  );
}

/** Vertices of Natural Earth's 50m coastline (rings of over 100 points), every 10th. */
export function coast50m(): [number, number][] {
  return land50m()
    .features.flatMap((f) =>
      f.geometry.type === 'MultiPolygon'
        ? f.geometry.coordinates.map((p) => p[0]!)
        : f.geometry.type === 'Polygon'
          ? [f.geometry.coordinates[0]!]
          : [],
    )
    .filter((ring) => ring.length > 100)
    .flatMap((ring) => ring.filter((_, i) => i % 10 === 5))
    .map((p) => [p[0]!, p[1]!]);
}

/** The points farther than `deg` degrees from every vertex of Natural Earth's 50m coastline (no outline near). */
export function farFromCoast(points: [number, number][], deg: number): [number, number][] {
  const vertices = vertices50m();
  const limit = (deg * Math.PI) / 180;
  return points.filter((p) => vertices.every((v) => geoDistance(p, [v[0]!, v[1]!]) > limit));
}

/** Where the map shows no data: the centre pixel is transparent. */
/** No data at the block's centre: transparent, or only the graticule's half-transparent grey line (render.ts). */
export const isEmpty = (block: number[]) => {
  const [r = 0, g = 0, b = 0, a = 0] = block.slice(16, 20);
  return a === 0 || (a < 200 && Math.abs(r - 90) < 12 && Math.abs(g - 90) < 12 && Math.abs(b - 90) < 12);
};

/** The d3 projection the canvas shows, and a point → canvas pixel (null when hidden or near the horizon). */
export async function canvasProjection(page: Page, name: ProjectionName, center: [number, number]) {
  const canvas = page.getByTestId('map-canvas');
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const proj = makeProjection({ name, center, width: w, height: h });
  // Round projections: not within 10° of the horizon, where anti-aliasing of the clipped outline blurs pixels.
  const pole: [number, number] = name === 'north-polar' ? [0, 90] : name === 'south-polar' ? [0, -90] : center;
  const round = name === 'orthographic' || name.endsWith('-polar');
  const visible = (ll: [number, number]) => {
    if (round && geoDistance(ll, pole) > (80 * Math.PI) / 180) return null;
    const p = proj(ll);
    if (!p || !(p[0] > 3 && p[0] < w - 3 && p[1] > 3 && p[1] < h - 3)) return null;
    const back = proj.invert?.(p);
    return back && Math.abs(back[1] - ll[1]) < 0.01 ? ([Math.round(p[0]), Math.round(p[1])] as [number, number]) : null;
  };
  return { w, h, proj, visible };
}

/**
 * Checks the canvas drawn in projection `name` centred on `center`: the coastline colour at over 90 % of the
 * visible coastline points, the data's colour at `data` points (open ocean by default) and nothing at `empty`
 * points (off the grid).
 */
export async function check(
  page: Page,
  name: ProjectionName,
  center: [number, number],
  points: { data?: [number, number][]; empty?: [number, number][] } = {},
) {
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-projection', name);
  await expect(canvas).toHaveAttribute('data-center', center.join(','));
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const { visible } = await canvasProjection(page, name, center);
  const shown = (pts: [number, number][]) => pts.map(visible).filter((p): p is [number, number] => p !== null);
  const coast = shown(coastPoints);
  const data = shown(points.data ?? OCEAN);
  expect(coast.length, `${name}: coastline points on the map`).toBeGreaterThan(5);
  if ((points.data ?? OCEAN).length > 0) expect(data.length, `${name}: data points on the map`).toBeGreaterThan(0);
  const cp = await pixels(page, coast);
  const hits = cp.filter(isCoast).length;
  expect(hits / coast.length, `${name}: coastline drawn at ${hits} of ${coast.length} coast points`).toBeGreaterThan(
    0.9,
  );
  const dp = await pixels(page, data);
  expect(dp.map(isData), `${name}: data colour at data points`).toEqual(dp.map(() => true));
  const empty = shown(points.empty ?? []);
  const ep = await pixels(page, empty);
  expect(ep.map(isEmpty), `${name}: nothing drawn off the grid`).toEqual(ep.map(() => true));
  return { data: data.length, empty: empty.length };
}

/**
 * The page position of frame pixel (fx, fy) of the map on screen: the plot area is where RasterPlot placed its
 * canvas, and the map's `data-view` is the part of the frame plotly's axes show.
 */
export async function framePoint(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-view', /,/);
  const raster = page.getByTestId('map-plot-raster');
  await raster.scrollIntoViewIfNeeded();
  // The page may still be laying out (a colour bar, a note or a scroll arriving): the position is read until two
  // readings two frames apart agree.
  const read = async () => {
    const box = (await raster.boundingBox())!;
    const view = (await map.getAttribute('data-view'))!.split(',').map(Number) as [number, number, number, number];
    return { box, view, key: JSON.stringify([box, view]) };
  };
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const next = await read();
    if (next.key === last.key) break;
    last = next;
  }
  const { box, view } = last;
  const [x0, y0, x1, y1] = view;
  return { x: box.x + ((fx - x0) / (x1 - x0)) * box.width, y: box.y + ((fy - y0) / (y1 - y0)) * box.height };
}

/** Screen (CSS) pixels per frame pixel of the map on screen. */
export async function screenScale(page: Page): Promise<number> {
  const a = await framePoint(page, 0, 0);
  const b = await framePoint(page, 100, 0);
  return (b.x - a.x) / 100;
}
