/**
 * The reprojected image of node-located mesh data: per pixel the containing face's nearest node, the fan triangle
 * of the face that holds the pixel and the pixel's weights in it (`interpolate.ts`), computed once per mesh,
 * projection and viewport in the decode workers; each paint (a slider step, a colour scale) only weighs the
 * values of the triangle's nodes.
 *
 * Layout: one `Int32Array` of three planes of `pixels` entries each, so it is sent back (transferred) and cached as
 * the cell index of any other grid is, and the first plane is that cell index (the hover and the click read it):
 *   [0, pixels)             the nearest node of the containing face, −1 for none
 *   [pixels, 2·pixels)      the triangle (index into `meshTriangles`), −1 for none
 *   [2·pixels, 3·pixels)    the weights of the triangle's 2nd and 3rd vertices in 1/65535 steps (low and high
 *                           16 bits); the 1st vertex takes the rest
 * 12 bytes a pixel: 48 MB for a 4-megapixel canvas, whatever the mesh's size.
 */
import {
  faceWeights,
  interpolateInFace,
  meshTriangles,
  triangleStarts,
  weighted,
  type MeshTriangles,
} from './interpolate';
import { meshFaceLookup, nearestNode, type MeshLookup } from './lookup';
import type { MeshGeometry } from './types';

/** Inverse projection of a pixel centre → [lon, lat] in degrees, or null off the globe. */
type Invert = (x: number, y: number) => readonly [number, number] | null;

const STEP = 65535;

/** What a worker keeps per node-located mesh (by the grid's key): its face lookup and first triangle per face. */
export interface NodeLookup {
  readonly geometry: MeshGeometry;
  readonly face: MeshLookup;
  readonly start: Int32Array;
}

/** Whether `g` carries node-located data (drawn interpolated across its faces). */
export function isNodeMesh(g: { readonly kind: string }): g is MeshGeometry & { readonly nodes: Int32Array } {
  return g.kind === 'mesh' && (g as MeshGeometry).nodes !== undefined;
}

export function nodeLookup(g: MeshGeometry): NodeLookup {
  return { geometry: g, face: meshFaceLookup(g), start: triangleStarts(g) };
}

/** The three planes (see above) of a `width` × `height` image. */
export function reprojectNodes(l: NodeLookup, invert: Invert, width: number, height: number): Int32Array {
  const pixels = width * height;
  const out = new Int32Array(pixels * 3).fill(-1, 0, pixels * 2);
  const w = new Float64Array(3);
  const g = l.geometry;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const ll = invert(px + 0.5, py + 0.5);
      if (!ll) continue;
      const k = l.face(ll[0], ll[1]);
      if (k < 0) continue;
      const j = faceWeights(g, k, ll[0], ll[1], w);
      const i = py * width + px;
      out[i] = nearestNode(g, k, ll[0], ll[1]);
      if (j < 0) continue;
      out[pixels + i] = l.start[k]! + j;
      out[2 * pixels + i] = Math.round(w[1]! * STEP) | (Math.round(w[2]! * STEP) << 16);
    }
  }
  return out;
}

/** Whether `cells` holds the three planes of an image of `pixels` (not a plain cell index). */
export function hasNodePlanes(cells: Int32Array, pixels: number): boolean {
  return pixels > 0 && cells.length === 3 * pixels;
}

/** The value at pixel `i` of the planes: its triangle's node values weighed (NaN: no triangle, all masked). */
export function nodeValueAt(
  cells: Int32Array,
  pixels: number,
  i: number,
  values: ArrayLike<number>,
  t: MeshTriangles,
): number {
  const tri = cells[pixels + i]!;
  if (tri < 0 || tri >= t.face.length) return NaN;
  const packed = cells[2 * pixels + i]!;
  const w1 = (packed & 0xffff) / STEP;
  const w2 = (packed >>> 16) / STEP;
  return weighted(
    values,
    t.nodes[tri * 3]!,
    t.nodes[tri * 3 + 1]!,
    t.nodes[tri * 3 + 2]!,
    Math.max(0, 1 - w1 - w2),
    w1,
    w2,
  );
}

/** Values per pixel of the planes of `g` (NaN where there is no face or every node of the triangle is masked). */
export function fillNodeImage(
  cells: Int32Array,
  pixels: number,
  values: ArrayLike<number>,
  g: MeshGeometry,
): Float32Array {
  const t = meshTriangles(g);
  const out = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) out[i] = nodeValueAt(cells, pixels, i, values, t);
  return out;
}

/** The face of pixel `i` of the planes (−1 for none). */
export function nodePixelFace(cells: Int32Array, pixels: number, i: number, g: MeshGeometry): number {
  const tri = cells[pixels + i] ?? -1;
  const { face } = meshTriangles(g);
  return tri >= 0 && tri < face.length ? face[tri]! : -1;
}

/**
 * The hover of node-located data at (lon, lat) over pixel `i` of `cells`: the pixel's face and the value
 * interpolated at the point itself in that face; null when `cells` is a plain cell index (face data, other grids).
 */
export function nodeHover(
  grid: { readonly kind: string },
  cells: Int32Array,
  pixels: number,
  i: number,
  lon: number,
  lat: number,
  values: ArrayLike<number>,
): { readonly face: number; readonly value: number } | null {
  if (!isNodeMesh(grid) || !hasNodePlanes(cells, pixels)) return null;
  const face = nodePixelFace(cells, pixels, i, grid);
  return { face, value: face < 0 ? NaN : interpolateInFace(grid, face, lon, lat, values) };
}
