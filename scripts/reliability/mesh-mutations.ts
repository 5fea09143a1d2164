/**
 * The mesh fuzzer's damage, per family of grid (mesh-fuzz.test.ts): what each mutation kind does to a case's
 * metadata and arrays, aimed at what the unmutated grid reads (`Targets`).
 */
import type { Rng } from '../../src/testing/seeded-rng';
import {
  BAD_COORDS,
  HUGE_LENGTHS,
  type Mutation,
  SMALL_LENGTHS,
  type Targets,
  claimDim,
  claimShape,
  claimSomeDim,
  dropVariable,
  edit,
  int,
  junkAttribute,
  pick,
  poke,
  setAttr,
  variableAt,
  type GridCase,
} from './mesh-seeds';

const UNITS = ['radians', 'radian', 'rad', 'degrees', 'degrees_east', 'degrees_north', '', 'Radians', 'm', 'deg'];

/** Element positions of face `k` in the connectivity. */
function facePositions(t: Targets, k: number): number[] {
  const { faces = 0, nv = 0 } = t;
  return Array.from({ length: nv }, (_, j) => (t.transposed ? j * faces + k : k * nv + j));
}

/** Rewrites 1–3 random faces of the connectivity (or of both bounds arrays) with `f(indices, rng)`. */
function rewriteFaces(rng: Rng, c: GridCase, t: Targets, f: (face: number[], rng: Rng) => number[]): void {
  const arrays = t.conn ? [t.conn] : [t.bLon, t.bLat].filter((x): x is string => x !== undefined);
  const edited = arrays.map((p) => edit(c, p));
  for (let n = 1 + int(rng, 3); n > 0; n--) {
    const at = facePositions(t, int(rng, t.faces ?? 0));
    // One rewrite of the positions (the same for lon and lat bounds).
    const order = f(
      at.map((_, j) => j),
      rng,
    );
    for (const a of edited) {
      const old = at.map((p) => a[p]!);
      at.forEach((p, j) => (a[p] = order[j]! < 0 ? NaN : old[order[j]!]!));
    }
  }
}

const nodeCount = (c: GridCase, t: Targets) => (t.lon ? (c.arrays.get(t.lon)?.length ?? 0) : 0);

/** Damage shared by both mesh forms. */
const MESH_COMMON: Record<string, Mutation> = {
  'repeated-vertex': (rng, c, t) =>
    rewriteFaces(rng, c, t, (face) =>
      rng() < 0.5 ? face.map(() => face[0]!) : face.map((j, i) => (i === 2 ? face[0]! : j)),
    ),
  cycle: (rng, c, t) =>
    rewriteFaces(rng, c, t, (face) => {
      const period = 1 + int(rng, 3);
      return face.map((_, i) => face[i % period]!);
    }),
  'fill-inside': (rng, c, t) =>
    rewriteFaces(rng, c, t, (face) => {
      const hole = int(rng, Math.max(1, face.length - 1));
      return face.map((j, i) => (i === hole ? -1 : j));
    }),
  'claimed-length': (rng, c, t) => {
    const faces = t.conn ?? t.bLon;
    if (rng() < 0.3 && faces) {
      // Vertices per face: too many (refused), or too few.
      const v = variableAt(c, faces);
      const d = v?.dimensions[t.transposed ? 0 : 1];
      if (d) claimDim(c, d.name, pick(rng, [0, 1, 2, 65, 1e6, 2 ** 31]));
      return;
    }
    claimSomeDim(rng, c, pick(rng, [faces, t.lon, c.variable, t.count]), [...HUGE_LENGTHS, ...SMALL_LENGTHS]);
  },
  'counts-disagree': (rng, c, t) => {
    const p = pick(
      rng,
      [c.variable, t.conn ?? t.bLon, t.lat, t.bLat, t.count].filter((x) => x !== undefined),
    );
    const v = p ? variableAt(c, p) : undefined;
    if (!v) return;
    const i = int(rng, v.shape.length);
    claimShape(v, i, Math.max(0, (v.shape[i] ?? 0) + pick(rng, [-7, -1, 1, 3])));
  },
  units: (rng, c, t) => {
    const p = pick(
      rng,
      [t.lon, t.lat, t.bLon, t.bLat].filter((x) => x !== undefined),
    );
    const v = p ? variableAt(c, p) : undefined;
    if (v) setAttr(v, 'units', pick(rng, [...UNITS, undefined]));
  },
  'attribute-junk': junkAttribute,
  'drop-variable': (rng, c, t) => dropVariable(c, pick(rng, t.needed)),
};

/** Meshes through a connectivity (CF-UGRID, MPAS). */
export const CONNECTIVITY: Record<string, Mutation> = {
  ...MESH_COMMON,
  'index-out-of-range': (rng, c, t) =>
    poke(rng, c, t.conn, () =>
      pick(rng, [nodeCount(c, t) + (t.startIndex ?? 0), nodeCount(c, t) + 17, 1e12, 2 ** 31, 2 ** 53, 0.5]),
    ),
  'negative-index': (rng, c, t) =>
    poke(rng, c, t.conn, () => pick(rng, [-1, -2, -(2 ** 31), -1e12, -0.5, (t.startIndex ?? 0) - 1])),
  'bad-vertex': (rng, c, t) => poke(rng, c, rng() < 0.5 ? t.lon : t.lat, () => pick(rng, BAD_COORDS)),
  'start-index': (rng, c, t) => {
    const v = t.conn ? variableAt(c, t.conn) : undefined;
    if (v && t.holder)
      setAttr(v, 'start_index', pick(rng, [-1, 2, 0.5, 1e9, NaN, 'one', '1', 1 - (t.startIndex ?? 0)]));
    else if (t.conn) {
      // MPAS counts from 1 by rule: a file written from 0 (or shifted) has its indices off by the shift.
      const shift = pick(rng, [-1, 1, 1000]);
      const a = edit(c, t.conn);
      for (let i = 0; i < a.length; i++) a[i] = a[i]! + shift;
    }
  },
  'edge-counts': (rng, c, t) => poke(rng, c, t.count ?? t.conn, () => pick(rng, [-3, 0, 2, 99, NaN, 1e9, 2.5])),
};

/** Meshes of (cells, nv) bounds (ICON-like). */
export const BOUNDS: Record<string, Mutation> = {
  ...MESH_COMMON,
  'bad-vertex': (rng, c, t) => poke(rng, c, rng() < 0.5 ? t.bLon : t.bLat, () => pick(rng, BAD_COORDS)),
  'bad-centre': (rng, c, t) => poke(rng, c, rng() < 0.5 ? t.lon : t.lat, () => pick(rng, BAD_COORDS)),
};

const NSIDES = [
  -1,
  0,
  0.5,
  2.5,
  3,
  12,
  24,
  25,
  30,
  31,
  64,
  1e308,
  -1e308,
  NaN,
  Infinity,
  2 ** 30,
  2 ** 24,
  2 ** 24 + 1,
];

export const HEALPIX: Record<string, Mutation> = {
  nside: (rng, c, t) => {
    const m = t.holder ? variableAt(c, t.holder) : undefined;
    if (!m) return;
    const level = m.attributes.some((a) => a.name === 'refinement_level');
    const name = level && rng() < 0.7 ? 'refinement_level' : 'healpix_nside';
    if (level && name === 'healpix_nside') setAttr(m, 'refinement_level', undefined);
    setAttr(m, name, pick(rng, [...NSIDES, '16', 'x', '', ' 4 ']));
  },
  order: (rng, c, t) => {
    const m = t.holder ? variableAt(c, t.holder) : undefined;
    if (!m) return;
    setAttr(m, 'indexing_scheme', undefined);
    const value = pick(rng, [
      'NEST',
      'Nested',
      'nest',
      'ring',
      'RING',
      ' ring ',
      'xyz',
      '',
      'unique',
      '💥',
      7,
      undefined,
    ]);
    setAttr(m, pick(rng, ['indexing_scheme', 'healpix_order']), value);
  },
  'cell-index': (rng, c, t) => {
    if (!t.index) return claimSomeDim(rng, c, c.variable, [...HUGE_LENGTHS, ...SMALL_LENGTHS]);
    const a = c.arrays.get(t.index);
    poke(rng, c, t.index, () => pick(rng, [-1, 1e9, 768, 767.5, 1e300, NaN, -Infinity, a?.[0] ?? 0]));
  },
  'claimed-length': (rng, c) => {
    const v = variableAt(c, c.variable);
    claimSomeDim(rng, c, c.variable, [...HUGE_LENGTHS, ...SMALL_LENGTHS, (v?.shape.at(-1) ?? 0) * 4, 3071, 3073]);
  },
  'attribute-junk': junkAttribute,
  'drop-variable': (rng, c, t) => dropVariable(c, pick(rng, t.needed)),
};

export const GAUSSIAN: Record<string, Mutation> = {
  pl: (rng, c, t) => {
    if (!t.pl) return;
    const a = edit(c, t.pl);
    const i = int(rng, a.length);
    const j = int(rng, a.length);
    const r = rng();
    if (r < 0.3) {
      // The sum kept: one ring negative (or huge) and another compensating.
      const d = pick(rng, [a[i]! + 5, 1e9, 2 ** 31]);
      a[i] = a[i]! - d;
      a[j] = a[j]! + d;
    } else a[i] = pick(rng, [-1, 0, 1e12, 2 ** 31, NaN, 0.5, a[i]! + 1, -a[i]!, Infinity]);
  },
  'pl-length': (rng, c, t) => {
    const v = t.pl ? variableAt(c, t.pl) : undefined;
    if (v) claimShape(v, 0, Math.max(0, pick(rng, [-1, 1, 2, -64, ...HUGE_LENGTHS]) + (v.shape[0] ?? 0)));
  },
  name: (rng, c) => {
    const v = variableAt(c, c.variable);
    if (!v) return;
    const names = ['O0', 'O1', 'O31', 'O33', 'O99999', 'N99999', 'N0', 'N32', 'O32', 'Q32', 'O-3', 'o32', '', 'N1'];
    if (rng() < 0.75) setAttr(v, 'grid_name', pick(rng, [...names, 'O32x', 'O 32', undefined]));
    else {
      setAttr(v, 'grid_name', undefined);
      setAttr(v, 'GRIB_N', pick(rng, [32, 99999, 1e15, -5, 0, NaN, 2.5]));
      setAttr(v, 'GRIB_isOctahedral', pick(rng, [0, 1, NaN]));
    }
  },
  points: (rng, c, t) => {
    const p = rng() < 0.6 ? t.lat : t.lon;
    if (rng() < 0.6) return poke(rng, c, p, (_, r) => pick(r, [...BAD_COORDS, 0, 45]));
    // Two points of different rings swapped: the points no longer ring after ring.
    if (!p) return;
    const a = edit(c, p);
    const i = int(rng, a.length);
    const j = int(rng, a.length);
    [a[i], a[j]] = [a[j]!, a[i]!];
  },
  'claimed-length': (rng, c) => {
    const v = variableAt(c, c.variable);
    const n = v?.shape.at(-1) ?? 0;
    claimSomeDim(rng, c, c.variable, [...HUGE_LENGTHS, ...SMALL_LENGTHS, n - 1, n + 1, 2 * n]);
  },
  'attribute-junk': junkAttribute,
  'drop-variable': (rng, c, t) => dropVariable(c, pick(rng, t.needed)),
};
