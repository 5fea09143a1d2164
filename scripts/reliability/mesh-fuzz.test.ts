/**
 * Mesh and global-grid fuzzing: the fixtures of fixtures/meshes (ICON-like bounds, CF-UGRID face and node data,
 * MPAS, the malformed UGRID mesh) and fixtures/global-grids (HEALPix nested, ring, partial, a pyramid, a bad nside;
 * reduced Gaussian O32 and N32) with what the grid readers read damaged — connectivity out of range, negative, a
 * fill inside a face, repeated vertices, cycles; vertices NaN, infinite or past the poles; start_index; claimed
 * lengths (a billion faces, a huge nv); units; counts that disagree; nside and ordering; cell indices; ring lengths;
 * grid names; attributes naming nothing or themselves; a needed variable gone — and run the real path: the finders
 * (findMesh, healpixGrid and its levels, gaussianGrid), the Report's finding, the loader and builder
 * (loadCellGrid), and the workers' lookup (gridLookup) at a few hundred points.
 *
 * A case passes when it ends in a typed problem or error, or a geometry whose malformed faces are all counted and
 * named, with every looked-up cell one of the variable's; nothing is read past `READ_CAP` elements (a claim that
 * large must be refused from the metadata), nothing untyped is thrown, and no case exceeds its budget.
 *
 * ZARRVIEW_MESH_FUZZ_SEED and ZARRVIEW_MESH_FUZZ_CASES change the run; ZARRVIEW_MESH_FUZZ_TRACE=1 names each case
 * on stderr before it runs (a case that never yields, a loop in the readers, is found by the last name printed).
 */
import { describe, expect, it } from 'vitest';
import { MetadataError, isZarrviewError } from '../../src/errors';
import { findCellGrid, type CellGrid } from '../../src/geo/cell-grid';
import { loadCellGrid } from '../../src/geo/cell-grid-load';
import { gaussianGrid } from '../../src/geo/gaussian/detect';
import { healpixGrid } from '../../src/geo/healpix/detect';
import { healpixLevels } from '../../src/geo/healpix/levels';
import { findMesh } from '../../src/geo/mesh/detect';
import type { MeshGeometry } from '../../src/geo/mesh/types';
import { gridLookup } from '../../src/geo/reproject';
import { meshFindings } from '../../src/report/mesh-checks';
import { type Rng, seededRng } from '../../src/testing/seeded-rng';
import { describeError, fuzzCases } from './cases';
import { writeCounts } from './counts';
import { BOUNDS, CONNECTIVITY, GAUSSIAN, HEALPIX } from './mesh-mutations';
import {
  type GridCase,
  type GridInput,
  type Mutation,
  type Targets,
  copyCase,
  loadInput,
  variableAt,
} from './mesh-seeds';

const SEED = Number(process.env.ZARRVIEW_MESH_FUZZ_SEED ?? 20261204);
const CASES = Number(process.env.ZARRVIEW_MESH_FUZZ_CASES ?? 2_000);
const CASE_BUDGET_MS = 2_000;
/** More elements than any read may ask for (the fixtures hold fewer than 20,000 per array). */
const READ_CAP = 2 ** 24;
const POINTS = 300;
/** Names each case before it runs: a case that blocks the event loop cannot be timed out, only found. */
const TRACE = Boolean(process.env.ZARRVIEW_MESH_FUZZ_TRACE);
const DATA_KINDS = new Set([
  'index-out-of-range',
  'fill-inside-face',
  'too-few-vertices',
  'bad-coordinates',
  'edge-to-itself',
  'edge-filled',
  'edge-without-face',
]);

/** What the cases ended in, by outcome. */
const outcomes = new Map<string, number>();
const note = (o: string) => outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
let lookups = 0;

/** What the unmutated grid of an input reads. */
function targetsOf(c: GridCase): Targets {
  const v = variableAt(c, c.variable)!;
  const m = findMesh(c.model, v);
  if (m.kind === 'mesh') {
    const s = m.mesh;
    const x = s.vertices;
    const conn = x.form === 'connectivity' ? x : undefined;
    const holder = s.kind === 'ugrid' ? variableAt(c, `/${s.name}`)?.path : undefined;
    const needed = [...Object.keys(s.toDegrees), ...(conn ? [conn.connectivity, conn.count ?? ''] : [])];
    return {
      needed: [...needed.filter(Boolean), ...(holder ? [holder] : [])],
      conn: conn?.connectivity,
      transposed: conn?.transposed,
      startIndex: conn?.startIndex,
      faces: s.faces,
      nv: s.maxVertices,
      lon: conn ? conn.nodeLon : s.centres?.lon,
      lat: conn ? conn.nodeLat : s.centres?.lat,
      count: conn?.count,
      bLon: x.form === 'bounds' ? x.lon : undefined,
      bLat: x.form === 'bounds' ? x.lat : undefined,
      holder,
      attributes: holder
        ? ['cf_role', 'topology_dimension', 'node_coordinates', 'face_node_connectivity', 'face_dimension', 'mesh']
        : ['coordinates', 'bounds'],
    };
  }
  const h = healpixGrid(c.model, v);
  if (h.kind === 'grid' || h.kind === 'problem') {
    const mapping = h.kind === 'grid' ? h.grid.mappingPath : variableAt(c, '/crs')?.path;
    const index = h.kind === 'grid' ? h.grid.indexPath : undefined;
    const needed = [mapping, index].filter((p): p is string => p !== undefined);
    const attributes = ['grid_mapping', 'grid_mapping_name', 'refinement_level', 'healpix_nside', 'indexing_scheme'];
    return { needed, holder: mapping, index, attributes };
  }
  const g = gaussianGrid(c.model, v);
  if (g.kind === 'grid') {
    const needed = [g.grid.latPath, g.grid.lonPath, g.grid.plPath].filter((p): p is string => p !== undefined);
    const attributes = ['coordinates', 'CDI_grid_type', 'grid_name', 'standard_name', 'units'];
    return { needed, lat: g.grid.latPath, lon: g.grid.lonPath, pl: g.grid.plPath, attributes };
  }
  throw new Error(`${c.variable}: no grid in the unmutated fixture`);
}

/** The case's reader: the (mutated) arrays as long as the model claims, refusing absurd claims. */
function reader(c: GridCase, absurd: string[]) {
  return async (p: string): Promise<ArrayLike<number>> => {
    const v = variableAt(c, p);
    if (!v) throw new MetadataError(`${p} is not a variable`);
    const n = v.shape.reduce((a, k) => a * k, 1);
    if (!(n <= READ_CAP)) {
      absurd.push(`read ${p} of ${n} elements`);
      throw new MetadataError(`${p}: ${n} elements`);
    }
    const base = c.arrays.get(p) ?? new Float64Array(0);
    if (base.length === n) return base;
    const out = new Float64Array(n).fill(NaN);
    out.set(base.subarray(0, Math.min(n, base.length)));
    return out;
  };
}

/** Looked-up cells are cells of the variable (or −1); a mesh's faces not drawn are all named. */
function checkLoaded(
  grid: CellGrid,
  cells: number,
  loaded: Awaited<ReturnType<typeof loadCellGrid>>,
  rng: Rng,
  bad: string[],
): void {
  for (const p of loaded.problems) if (!p.message) bad.push(`problem ${p.kind} without a message`);
  const g = loaded.geometry;
  if (g.kind === 'mesh') {
    const m = g as MeshGeometry;
    let empty = 0;
    for (let k = 0; k < m.faces; k++) if (m.offsets[k + 1]! <= m.offsets[k]!) empty++;
    const named = loaded.problems.reduce(
      (a, p) => a + (DATA_KINDS.has(p.kind) ? ((p as { cells?: number }).cells ?? 0) : 0),
      0,
    );
    if (empty !== named) bad.push(`${empty} faces not drawn, ${named} named`);
    if (m.offsets[m.faces] !== m.lon.length) bad.push('offsets do not end at the vertices');
    // Every face (or node) drawn is a cell of the variable, whichever the points looked up.
    const top = m.nodes ? m.nodes.reduce((a, n) => Math.max(a, n), -1) + 1 : m.faces;
    if (top > cells) bad.push(`a mesh of ${top} ${m.nodes ? 'nodes' : 'faces'} for ${cells} cells`);
    for (let i = 0; i < m.lat.length; i++)
      if (!Number.isFinite(m.lon[i]!) || !(Math.abs(m.lat[i]!) <= 90)) {
        bad.push(`vertex ${i} is (${m.lon[i]}, ${m.lat[i]})`);
        break;
      }
  }
  if (g.kind === 'healpix' && g.index) {
    const total = 12 * g.nside * g.nside;
    const valid = Array.from(g.index, Number).filter((p) => Number.isInteger(p) && p >= 0 && p < total);
    const unseen = g.index.length - new Set(valid).size;
    if (unseen > 0 && loaded.problems.length === 0) bad.push(`${unseen} cells of the index not drawn, none named`);
  }
  const find = gridLookup(g);
  const special = [NaN, Infinity, -Infinity, 90, -90, 180, -180, 1e300, 91, 0];
  for (let i = 0; i < POINTS; i++) {
    const lon = i < special.length ? special[i]! : rng() * 1080 - 540;
    const lat = i < special.length ? special[(i + 3) % special.length]! : rng() * 180 - 90;
    const k = find(lon, lat);
    lookups++;
    if (!Number.isInteger(k) || k < -1 || k >= cells) {
      bad.push(`${grid.family} lookup (${lon}, ${lat}) gave ${k} of ${cells} cells`);
      break;
    }
    if (k >= 0) loaded.centre(k);
  }
}

async function runCase(c: GridCase, rng: Rng = seededRng(SEED)): Promise<string[]> {
  const bad: string[] = [];
  const absurd: string[] = [];
  const typed = (what: string, e: unknown) => {
    if (!isZarrviewError(e)) bad.push(`${what} threw ${describeError(e)}`);
  };
  const v = variableAt(c, c.variable);
  if (!v) return (note('variable gone'), bad);
  for (const [what, find] of [
    ['findMesh', () => findMesh(c.model, v)],
    ['healpixGrid', () => healpixGrid(c.model, v)],
    ['healpixLevels', () => healpixLevels(c.model, v)],
    ['gaussianGrid', () => gaussianGrid(c.model, v)],
    ['meshFindings', () => meshFindings(c.model, v)],
  ] as const)
    try {
      find();
    } catch (e) {
      typed(what, e);
    }
  const r = findCellGrid(c.model, v);
  if (r.kind !== 'grid') {
    if (r.kind === 'problem' && r.problems.some((p) => !p.message)) bad.push('a problem without a message');
    return (note(r.kind), bad);
  }
  const found = r.grid;
  const levels: { grid: CellGrid; path: string }[] =
    found.family === 'healpix'
      ? found.levels.map((l) => ({ grid: { ...found, spec: l.grid, dim: l.grid.cellDim }, path: l.path }))
      : [{ grid: found, path: v.path }];
  for (const { grid, path } of levels) {
    const cells = variableAt(c, path)?.shape[grid.dim] ?? 0;
    try {
      const loaded = await loadCellGrid(grid, reader(c, absurd));
      checkLoaded(grid, cells, loaded, rng, bad);
      note(loaded.problems.length ? 'drawn, faults named' : 'drawn');
    } catch (e) {
      typed(`load ${path}`, e);
      note('load error');
    }
  }
  return [...absurd, ...bad];
}

const FIXTURES: readonly [string, string[], 'connectivity' | 'bounds' | 'healpix' | 'gaussian'][] = [
  ['meshes/ugrid.nc', ['/zeta', '/depth'], 'connectivity'],
  ['meshes/ugrid-malformed.nc', ['/zeta', '/depth'], 'connectivity'],
  ['meshes/ugrid-edges.nc', ['/u'], 'connectivity'],
  ['meshes/ugrid-edges-malformed.nc', ['/u'], 'connectivity'],
  ['meshes/mpas-like.nc', ['/temperature'], 'connectivity'],
  ['meshes/icon-like.nc', ['/S'], 'bounds'],
  ['global-grids/healpix-ring.nc', ['/pattern'], 'healpix'],
  ['global-grids/healpix-partial.nc', ['/pattern'], 'healpix'],
  ['global-grids/healpix-bad-nside.nc', ['/pattern'], 'healpix'],
  ['global-grids/healpix-pyramid.zarr', ['/zoom_4/tas', '/zoom_1/tas'], 'healpix'],
  ['global-grids/o32.nc', ['/field'], 'gaussian'],
  ['global-grids/n32.nc', ['/field'], 'gaussian'],
];
const GROUPS = { connectivity: CONNECTIVITY, bounds: BOUNDS, healpix: HEALPIX, gaussian: GAUSSIAN };
/** Share of the cases per group. */
const SHARE = { connectivity: 0.45, bounds: 0.15, healpix: 0.25, gaussian: 0.15 };

describe('mesh and global-grid fuzzing', () => {
  it(`${CASES} damaged meshes, HEALPix and reduced Gaussian grids: typed problems or counted faults, each within ${CASE_BUDGET_MS} ms`, async () => {
    const inputs = new Map<string, { input: GridInput; targets: Targets }[]>();
    for (const [file, vars, group] of FIXTURES)
      for (const input of await loadInput(file, vars)) {
        const list = inputs.get(group) ?? [];
        list.push({ input, targets: targetsOf(copyCase(input)) });
        inputs.set(group, list);
      }
    // The undamaged fixtures pass: the harness itself is sound.
    for (const list of inputs.values())
      for (const { input } of list) expect([input.name, await runCase(copyCase(input))]).toEqual([input.name, []]);
    outcomes.clear();
    lookups = 0;
    const t0 = performance.now();
    let total = 0;
    let slowest = 0;
    const crashes: string[] = [];
    const hangs: string[] = [];
    const kinds: string[] = [];
    for (const [group, mutations] of Object.entries(GROUPS) as [keyof typeof GROUPS, Record<string, Mutation>][]) {
      const cases = Math.round(CASES * SHARE[group]);
      total += cases;
      const run = await fuzzCases({
        seed: SEED + Object.keys(GROUPS).indexOf(group) * 1_000_003,
        cases,
        budgetMs: CASE_BUDGET_MS,
        inputs: inputs.get(group) ?? [],
        kinds: Object.keys(mutations).sort(),
        name: (i) => i.input.name,
        run: (i, kind, rng) => {
          if (TRACE) process.stderr.write(`${group} ${i.input.name} [${kind}]\n`);
          const c = copyCase(i.input);
          mutations[kind]!(rng, c, i.targets);
          return runCase(c, rng);
        },
      });
      crashes.push(...run.crashes);
      hangs.push(...run.hangs);
      slowest = Math.max(slowest, run.slowest);
      kinds.push(`${group}: ${run.kinds}`);
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const ends = [...outcomes].sort().map(([k, n]) => `${k} ${n}`);
    writeCounts({
      suite: 'mesh-fuzz',
      what: `findMesh, the HEALPix and reduced Gaussian finders, the Report's finding, loadCellGrid and the workers' lookup at ${POINTS} points on damaged connectivity, coordinates, start_index, claimed lengths, units, nside, orderings, cell indices and ring lengths of ${FIXTURES.length} mesh and global-grid fixtures, seed ${SEED}: typed problems, or faults counted and named; nothing read past ${READ_CAP.toLocaleString('en')} elements`,
      cases: total,
      crashes: crashes.length,
      hangs: hangs.length,
      notes: `scripts/reliability/mesh-fuzz.test.ts (seeded: ZARRVIEW_MESH_FUZZ_SEED, ZARRVIEW_MESH_FUZZ_CASES; ZARRVIEW_MESH_FUZZ_TRACE=1 names each case); ${seconds} s, slowest case ${Math.round(slowest)} ms, ${lookups.toLocaleString('en')} lookups; grids ended in (each level of a pyramid counted): ${ends.join(', ')}; ${kinds.join('; ')}`,
    });
    expect(crashes.slice(0, 5)).toEqual([]);
    expect(hangs.slice(0, 5)).toEqual([]);
  }, 600_000);
});
