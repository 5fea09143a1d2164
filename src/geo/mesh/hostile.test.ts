/**
 * Hostile mesh arrays: indices out of range (negative, past the nodes, not integers, huge), a fill value inside a
 * face, faces that repeat one node, a count past the row, non-finite coordinates; (cells, nv) bounds with a vertex
 * past a pole, infinite, or filled before another. Every well-formed face is drawn and found; each fault is named
 * once with its first cell; nothing throws.
 */
import { describe, expect, it } from 'vitest';
import { buildMesh } from './build';
import { meshLookup } from './lookup';
import type { MeshSpec } from './types';

const spec = (faces: number, nv: number, count = false): MeshSpec => ({
  kind: 'ugrid',
  name: 'm',
  dim: 0,
  location: 'face',
  faces,
  maxVertices: nv,
  vertices: {
    form: 'connectivity',
    nodeLon: 'lon',
    nodeLat: 'lat',
    connectivity: 'c',
    transposed: false,
    startIndex: 0,
    count: count ? 'n' : undefined,
  },
  toDegrees: {},
  problems: [],
});
// Nodes of a 3 × 3 lattice over 0–20° E, 0–20° N, one node with no coordinates.
const lon = [0, 10, 20, 0, 10, 20, 0, 10, 20, NaN];
const lat = [0, 0, 0, 10, 10, 10, 20, 20, 20, 5];

describe('hostile connectivity', () => {
  it('draws the well-formed faces and names each fault', () => {
    const c = [
      [0, 1, 4, 3], // good
      [1, 2, 5, 4], // good
      [3, 4, 1e12, 6], // out of range
      [3, -1, 7, 6], // negative
      [4, NaN, 8, 7], // fill inside the face
      [4, 4, 4, 4], // one node repeated: fewer than 3 vertices
      [4, 5, 9, NaN], // a node without coordinates
      [4, 5, 8.5, NaN], // not an integer
      [4, 5, 8, 7], // good
    ].flat();
    const built = buildMesh(
      spec(9, 4),
      new Map([
        ['lon', lon],
        ['lat', lat],
        ['c', c],
      ]),
    );
    const named = Object.fromEntries(built.problems.map((p) => [p.kind, [p.cells, p.first]]));
    expect(named).toEqual({
      'index-out-of-range': [3, 2],
      'fill-inside-face': [1, 4],
      'too-few-vertices': [1, 5],
      'bad-coordinates': [1, 6],
    });
    const find = meshLookup(built.geometry);
    expect(find(5, 5)).toBe(0);
    expect(find(15, 5)).toBe(1);
    expect(find(5, 15)).toBe(-1);
    expect(find(15, 15)).toBe(8);
    expect(find(-5, 5)).toBe(-1);
  });

  it('a count past the row, or negative, reads no more than the row', () => {
    const built = buildMesh(
      spec(2, 4, true),
      new Map([
        ['lon', lon],
        ['lat', lat],
        ['c', [0, 1, 4, 3, 1, 2, 5, 4]],
        ['n', [99, -3]],
      ]),
    );
    expect(built.problems.map((p) => [p.kind, p.first])).toEqual([['too-few-vertices', 1]]);
    expect(meshLookup(built.geometry)(5, 5)).toBe(0);
  });

  it('an empty mesh finds nothing', () => {
    const built = buildMesh(
      spec(0, 3),
      new Map([
        ['lon', []],
        ['lat', []],
        ['c', []],
      ]),
    );
    expect(meshLookup(built.geometry)(0, 0)).toBe(-1);
  });
});

describe('hostile bounds', () => {
  const bounds = (faces: number, nv: number): MeshSpec => ({
    ...spec(faces, nv),
    vertices: { form: 'bounds', lon: 'blon', lat: 'blat' },
  });

  it('a vertex past a pole or infinite leaves its face out, named; a fill before a vertex too; padding is not', () => {
    const quad = (x: number, y: number) => [
      [x, x + 10, x + 10, x],
      [y, y, y + 10, y + 10],
    ];
    const faces = [
      quad(0, 0), // good
      [
        [10, 20, 20, 10],
        [0, 0, 95, 10],
      ], // past the pole: was drawn as a triangle
      [
        [20, 30, 30, Infinity],
        [0, 0, 10, 10],
      ], // infinite
      [
        [0, NaN, 10, 0],
        [10, NaN, 20, 20],
      ], // a fill before a vertex
      [
        [10, 20, 20, NaN],
        [10, 10, 20, NaN],
      ], // a triangle padded: drawn
    ];
    const built = buildMesh(
      bounds(faces.length, 4),
      new Map([
        ['blon', faces.flatMap((f) => f[0]!)],
        ['blat', faces.flatMap((f) => f[1]!)],
      ]),
    );
    expect(built.problems.map((p) => [p.kind, p.cells, p.first])).toEqual([
      ['bad-coordinates', 2, 1],
      ['fill-inside-face', 1, 3],
    ]);
    const find = meshLookup(built.geometry);
    expect(find(5, 5)).toBe(0);
    expect(find(15, 5)).toBe(-1);
    expect(find(25, 5)).toBe(-1);
    expect(find(5, 15)).toBe(-1);
    expect(find(18, 12)).toBe(4);
  });
});
