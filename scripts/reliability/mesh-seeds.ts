/**
 * Inputs and damage for the mesh fuzzer (mesh-fuzz.test.ts): the mesh and global-grid fixtures (fixtures/meshes,
 * fixtures/global-grids) read once into memory — the model, and every small numeric variable decoded as the Map
 * reads it (NaN where masked) — and a mutable copy per case whose metadata (attributes, claimed lengths) and arrays
 * (connectivity, coordinates, ring lengths, cell indices) the mutations damage.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { decodeSlice } from '../../src/cf/decode';
import { createDataContext, readSlice } from '../../src/data/index';
import { readDataset, walkVariables } from '../../src/model/index';
import type { Attribute, Dataset, Dimension, Variable } from '../../src/model/types';
import { openStore } from '../../src/opening/open-store';
import type { Rng } from '../../src/testing/seeded-rng';
import { REPO_ROOT } from './counts';
import { overlayStore } from './fixture-store';

/** One data variable of a fixture, with what its grid reads. */
export interface GridInput {
  readonly name: string;
  readonly model: Dataset;
  /** The data variable's path. */
  readonly variable: string;
  /** Small numeric variables, decoded (NaN where masked), by path. */
  readonly arrays: ReadonlyMap<string, Float64Array>;
}

/** A case: a copy of an input's model (free to mutate) and its arrays (copied when a mutation edits one). */
export interface GridCase {
  readonly model: Dataset;
  readonly variable: string;
  readonly arrays: Map<string, Float64Array>;
}

const ctx = createDataContext({ workers: false, cacheBytes: 1 << 24 });

function walk(dir: string, prefix: string, out: Map<string, Uint8Array>): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) walk(path.join(dir, e.name), rel, out);
    else out.set(rel, readFileSync(path.join(dir, e.name)));
  }
}

/** Opens a fixture (a netCDF file as a dropped file, a Zarr folder from memory) and reads its small arrays. */
export async function loadInput(file: string, variables: readonly string[]): Promise<GridInput[]> {
  const full = path.join(REPO_ROOT, 'fixtures', file);
  let model: Dataset;
  let store;
  if (file.endsWith('.zarr')) {
    const files = new Map<string, Uint8Array>();
    walk(full, '', files);
    store = overlayStore(files);
    model = await readDataset(store, { name: path.basename(file) });
  } else {
    const bytes = new Uint8Array(readFileSync(full));
    const opened = await openStore({ kind: 'file', file: new Blob([bytes]), name: path.basename(file) });
    store = opened.store;
    model = await readDataset(store, { mode: opened.mode, name: path.basename(file) });
  }
  const arrays = new Map<string, Float64Array>();
  for (const v of walkVariables(model.root)) {
    const size = v.shape.reduce((a, n) => a * n, 1);
    if (size > 1 << 20 || !/int|float|double|short|byte/.test(v.type)) continue;
    const slice = await readSlice(
      store,
      v,
      v.shape.map(() => null),
      { context: ctx, budgetBytes: 1 << 26 },
    );
    const d = decodeSlice(slice);
    arrays.set(
      v.path,
      Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x))),
    );
  }
  return variables.map((variable) => ({ name: `${file}${variable}`, model, variable, arrays }));
}

export function copyCase(input: GridInput): GridCase {
  return { model: structuredClone(input.model), variable: input.variable, arrays: new Map(input.arrays) };
}

export const int = (rng: Rng, n: number) => Math.floor(rng() * n);
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)]!;

/** Every variable of the case's model. */
export function variables(c: GridCase): Variable[] {
  return walkVariables(c.model.root);
}

export function variableAt(c: GridCase, p: string): Variable | undefined {
  return variables(c).find((v) => v.path === p);
}

/** Sets (or, with undefined, removes) an attribute: a number as a double, a string as text. */
export function setAttr(v: Variable, name: string, value: number | string | undefined): void {
  const attrs = v.attributes as Attribute[];
  const at = attrs.findIndex((a) => a.name === name);
  if (at >= 0) attrs.splice(at, 1);
  if (value === undefined) return;
  attrs.push(
    typeof value === 'number' ? { name, type: 'double', value: [value] } : { name, type: 'char', value: value },
  );
}

/** Claims length `n` for position `i` of one variable (its shape and its dimension). */
export function claimShape(v: Variable, i: number, n: number): void {
  (v.shape as number[])[i] = n;
  const dims = v.dimensions as Dimension[];
  const d = dims[i];
  if (d) dims[i] = { ...d, length: n };
}

/** Claims length `n` for a dimension, in every variable on it (as a damaged header would). */
export function claimDim(c: GridCase, name: string, n: number): void {
  for (const v of variables(c)) v.dimensions.forEach((d, i) => d.name === name && claimShape(v, i, n));
}

/** The array at `p`, copied on its first edit in this case. */
export function edit(c: GridCase, p: string): Float64Array {
  const a = c.arrays.get(p);
  const copy = a ? Float64Array.from(a) : new Float64Array(0);
  c.arrays.set(p, copy);
  return copy;
}

/** Lengths a damaged header claims: absurd ones (refused before reading), and small ones near the truth. */
export const HUGE_LENGTHS = [1e9, 2 ** 31, 2 ** 32 + 3, 1e15, 2 ** 53];
export const SMALL_LENGTHS = [0, 1, 2, 3];

/** Values that are not coordinates. */
export const BAD_COORDS = [NaN, Infinity, -Infinity, 90.0001, -91, 1e6, -1e300, 1e300];

/** Names an attribute naming a variable may hold instead: nothing, nowhere, odd paths. */
export const ODD_NAMES = ['', ' ', 'nowhere', '../nowhere', '/', '//x', 'a b c', '💥', 'x'.repeat(300)];

/** Removes a variable from its group. */
export function dropVariable(c: GridCase, p: string): void {
  const visit = (g: Dataset['root']): void => {
    const vs = g.variables as Variable[];
    const at = vs.findIndex((v) => v.path === p);
    if (at >= 0) vs.splice(at, 1);
    g.groups.forEach(visit);
  };
  visit(c.model.root);
}

/** What the unmutated grid reads, by path: the mutations aim there. */
export interface Targets {
  /** Variables the grid needs (any of them may be dropped). */
  readonly needed: readonly string[];
  /** Mesh: the connectivity, (faces, nv) or transposed, its first index, the node coordinates, MPAS's counts. */
  readonly conn?: string | undefined;
  readonly transposed?: boolean | undefined;
  readonly startIndex?: number | undefined;
  readonly faces?: number | undefined;
  readonly nv?: number | undefined;
  readonly lon?: string | undefined;
  readonly lat?: string | undefined;
  readonly count?: string | undefined;
  /** Mesh with (cells, nv) bounds: the bounds' paths (`lon`/`lat` above are the 1-D cell coordinates). */
  readonly bLon?: string | undefined;
  readonly bLat?: string | undefined;
  /** UGRID topology, HEALPix grid mapping. */
  readonly holder?: string | undefined;
  /** HEALPix cell index coordinate; reduced Gaussian ring lengths. */
  readonly index?: string | undefined;
  readonly pl?: string | undefined;
  /** Attributes that name variables or carry the grid's parameters (on `holder` or the data variable). */
  readonly attributes: readonly string[];
}

export type Mutation = (rng: Rng, c: GridCase, t: Targets) => void;

/** Edits 1–3 random elements of the array at `p` with `value`. */
export function poke(rng: Rng, c: GridCase, p: string | undefined, value: (old: number, rng: Rng) => number): void {
  if (!p) return;
  const a = edit(c, p);
  if (a.length === 0) return;
  for (let k = 1 + int(rng, 3); k > 0; k--) {
    const i = int(rng, a.length);
    a[i] = value(a[i]!, rng);
  }
}

/** A random dimension of the variable at `p`: a claim on it changes every variable on it. */
export function claimSomeDim(rng: Rng, c: GridCase, p: string | undefined, lengths: readonly number[]): void {
  const v = p ? variableAt(c, p) : undefined;
  const d = v?.dimensions[int(rng, v.dimensions.length)];
  if (d) claimDim(c, d.name, pick(rng, lengths));
}

/** A random attribute of the targets set to an odd value: a name that resolves nowhere, a number, itself. */
export function junkAttribute(rng: Rng, c: GridCase, t: Targets): void {
  const holders = [t.holder, c.variable].filter((x): x is string => x !== undefined);
  const v = variableAt(c, pick(rng, holders));
  if (!v || t.attributes.length === 0) return;
  const self = [v.name, v.path, c.variable, ...t.needed];
  setAttr(v, pick(rng, t.attributes), pick(rng, [...ODD_NAMES, ...self, -1, 0, 2, 1e300, NaN, undefined]));
}
