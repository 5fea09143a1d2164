/**
 * Multiscale pyramids: the `multiscales` conventions read into `Variable.pyramid` / `Variable.pyramidLevel`.
 * The declarations themselves (OME-NGFF, zarr-conventions `multiscales`, ndpyramid) are parsed by
 * multiscales-parse.ts; this module finds their levels in the model and marks the variables.
 *
 * A pyramid whose levels are arrays is carried by its finest array; one whose levels are groups gives each
 * variable name a pyramid of its counterparts, carried by the finest one (a name found in one level only stays a
 * plain variable). Levels other than OME's are ordered by their number of cells, finest first. Every level must
 * have the rank of the first and a shape no larger along any axis than the level before; otherwise — or when a
 * declaration is malformed or names nothing — the group gets a problem (`MultiscalesError`) and those levels stay
 * plain variables. A level still pending in a lazy open defers its pyramid (no problem) until it is read.
 * Nothing moves: every level stays at its path (see README, "Multiscale pyramids").
 */
import { MetadataError } from '../errors';
import type { JsonObject } from './json';
import { type Declaration, type DeclaredLevel, type Parsed, declares, parseMultiscales } from './multiscales-parse';
import type { RawGroup } from './raw';
import type { Group, Problem, Pyramid, PyramidLevel, PyramidLevelOf, Variable } from './types';

export { conventionText, parseMultiscales, type Declaration } from './multiscales-parse';

/** A malformed or inconsistent `multiscales` declaration (the report names it `pyramid-invalid`). */
export class MultiscalesError extends MetadataError {
  constructor(message: string, options: ErrorOptions & { key?: string } = {}) {
    super(message, options);
    this.name = 'MultiscalesError';
  }
}

const join = (group: string, name: string) => (group === '/' ? `/${name}` : `${group}/${name}`);
const rawPath = (key: string) => (key === '' ? '/' : `/${key}`);

type Found =
  | { kind: 'array'; v: Variable }
  | { kind: 'group'; g: Group }
  | { kind: 'missing' }
  | { kind: 'pending' }
  | { kind: 'invalid' };

const isPendingIn = (g: Group, path: string) => g.pending?.some((p) => p.path === path) ?? false;

/** The node at `rel` (relative, `/`-separated) below `g`. */
function resolve(g: Group, rel: string): Found {
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  if (rel.startsWith('/') || parts.includes('..') || parts.length === 0) return { kind: 'invalid' };
  let at = g;
  for (const [i, name] of parts.entries()) {
    const path = join(at.path, name);
    if (i === parts.length - 1) {
      const v = at.variables.find((x) => x.name === name);
      if (v) return { kind: 'array', v };
    }
    const child = at.groups.find((x) => x.name === name);
    if (child) {
      at = child;
      continue;
    }
    return isPendingIn(at, path) ? { kind: 'pending' } : { kind: 'missing' };
  }
  return { kind: 'group', g: at };
}

const cells = (s: readonly number[]) => s.reduce((a, n) => a * n, 1);
const shapeText = (s: readonly number[]) => (s.length ? s.join(' × ') : 'scalar');

interface Candidate {
  readonly v: Variable;
  readonly level: DeclaredLevel;
}

/** What one group's declarations give: variables to mark, and problems. */
interface Outcome {
  readonly marks: Map<string, { pyramid?: Pyramid; pyramidLevel?: PyramidLevelOf }>;
  readonly problems: Map<string, Problem[]>;
}

function addProblem(o: Outcome, group: string, message: string): void {
  const e = new MultiscalesError(message, { key: group });
  const list = o.problems.get(group) ?? [];
  list.push({ key: group, message: e.message, error: e });
  o.problems.set(group, list);
}

/** Orders and checks one pyramid's candidates; marks its variables, or records why not. */
function makePyramid(d: Declaration, group: string, found: Candidate[], o: Outcome, what: string): void {
  const ordered = d.convention === 'ome-ngff' ? found : [...found].sort((a, b) => cells(b.v.shape) - cells(a.v.shape));
  const [first] = ordered;
  if (!first || ordered.length < 2) return;
  const rank = first.v.shape.length;
  for (const [i, c] of ordered.entries()) {
    if (c.v.shape.length !== rank) {
      addProblem(
        o,
        group,
        `${d.label}: ${what}level ${c.v.path} has rank ${c.v.shape.length} but ${first.v.path} has rank ${rank}; levels must have the same rank. Not read as a pyramid.`,
      );
      return;
    }
    const prev = ordered[i - 1];
    if (prev && c.v.shape.some((n, k) => n > (prev.v.shape[k] ?? 0))) {
      addProblem(
        o,
        group,
        `${d.label}: ${what}level ${c.v.path} (${shapeText(c.v.shape)}) is larger than ${prev.v.path} (${shapeText(prev.v.shape)}) before it; levels must go from finest to coarsest. Not read as a pyramid.`,
      );
      return;
    }
  }
  const taken = ordered.find((c) => o.marks.has(c.v.path));
  if (taken) {
    addProblem(o, group, `${d.label}: ${taken.v.path} is already a level of another pyramid; this one is ignored.`);
    return;
  }
  const levels: PyramidLevel[] = ordered.map(({ v, level }) => ({
    path: v.path,
    shape: v.shape,
    ...(level.scale?.length === rank ? { scale: level.scale } : {}),
    ...(level.translation?.length === rank ? { translation: level.translation } : {}),
    ...(level.geoTransform ? { geoTransform: level.geoTransform } : {}),
  }));
  const axes = d.axes && d.axes.length === rank ? d.axes : undefined;
  if (d.axes && !axes && what === '')
    addProblem(o, group, `${d.label}: ${d.axes.length} axes for levels of rank ${rank}; the axes are ignored.`);
  const pyramid: Pyramid = {
    convention: d.convention,
    ...(d.version !== undefined ? { version: d.version } : {}),
    group,
    ...(d.name !== undefined ? { name: d.name } : {}),
    ...(axes ? { axes } : {}),
    ...(d.method !== undefined ? { method: d.method } : {}),
    ...(d.pixelsPerTile !== undefined ? { pixelsPerTile: d.pixelsPerTile } : {}),
    levels,
  };
  o.marks.set(first.v.path, { pyramid });
  ordered.slice(1).forEach((c, i) => o.marks.set(c.v.path, { pyramidLevel: { pyramid: first.v.path, index: i + 1 } }));
}

function applyDeclaration(g: Group, d: Declaration, o: Outcome): void {
  const found: { level: DeclaredLevel; node: Found }[] = d.levels.map((level) => ({
    level,
    node: resolve(g, level.path),
  }));
  // A level not read yet (lazy open): the pyramid waits for it.
  if (found.some((f) => f.node.kind === 'pending')) return;
  for (const [i, f] of found.entries()) {
    if (f.node.kind === 'missing' || f.node.kind === 'invalid')
      addProblem(
        o,
        g.path,
        f.node.kind === 'missing'
          ? `${d.label}: level ${i} ("${f.level.path}") names no array or group in ${g.path}.`
          : `${d.label}: level ${i} ("${f.level.path}") is not a path relative to ${g.path}.`,
      );
  }
  const arrays = found.flatMap((f) => (f.node.kind === 'array' ? [{ v: f.node.v, level: f.level }] : []));
  const groups = found.flatMap((f) => (f.node.kind === 'group' ? [{ g: f.node.g, level: f.level }] : []));
  if (arrays.length > 0 && groups.length > 0) {
    addProblem(o, g.path, `${d.label}: some levels are arrays and others groups. Not read as a pyramid.`);
    return;
  }
  if (arrays.length > 0) {
    makePyramid(d, g.path, arrays, o, '');
    return;
  }
  // Levels are groups: one pyramid per variable name, over the levels holding it (all read).
  const byName = groups.map((x) => new Map(x.g.variables.map((v) => [v.name, v])));
  const pending = new Set(groups.flatMap((x) => (x.g.pending ?? []).map((p) => p.name)));
  const names = [...new Set(groups.flatMap((x) => x.g.variables.map((v) => v.name)))];
  for (const name of names) {
    if (pending.has(name)) continue;
    const holders = groups.flatMap((x, i) => {
      const v = byName[i]?.get(name);
      return v ? [{ v, level: x.level }] : [];
    });
    makePyramid(d, g.path, holders, o, `${name}: `);
  }
}

/** Raw attributes of every group, by model path. */
function rawAttributes(raw: RawGroup, out = new Map<string, JsonObject>()): Map<string, JsonObject> {
  if (declares(raw.attrs)) out.set(rawPath(raw.key), raw.attrs);
  for (const c of raw.groups) rawAttributes(c, out);
  return out;
}

function findGroupByPath(root: Group, path: string): Group | undefined {
  let g: Group | undefined = root;
  for (const p of path.split('/').filter(Boolean)) g = g?.groups.find((c) => c.name === p);
  return g;
}

/**
 * The model with every declared pyramid read: variables get `pyramid` / `pyramidLevel`, declaring groups the
 * problems of their declarations. Returns `root` itself when no group declares one.
 */
export function applyPyramids(root: Group, raw: RawGroup): Group {
  const declaring = rawAttributes(raw);
  if (declaring.size === 0) return root;
  const o: Outcome = { marks: new Map(), problems: new Map() };
  for (const [path, attrs] of declaring) {
    const g = findGroupByPath(root, path);
    if (!g) continue;
    let parsed: Parsed;
    try {
      parsed = parseMultiscales(attrs);
    } catch (e) {
      addProblem(o, path, `multiscales could not be read (${e instanceof Error ? e.message : String(e)}).`);
      continue;
    }
    for (const message of parsed.errors) addProblem(o, path, message);
    for (const d of parsed.declarations) applyDeclaration(g, d, o);
  }
  if (o.marks.size === 0 && o.problems.size === 0) return root;
  const rebuild = (g: Group): Group => {
    const extra = o.problems.get(g.path);
    const touched = g.variables.some((v) => o.marks.has(v.path));
    const groups = g.groups.map(rebuild);
    if (!extra && !touched && groups.every((c, i) => c === g.groups[i])) return g;
    return {
      ...g,
      variables: touched ? g.variables.map((v) => ({ ...v, ...o.marks.get(v.path) })) : g.variables,
      groups,
      problems: extra ? [...g.problems, ...extra] : g.problems,
    };
  };
  return rebuild(root);
}

/**
 * Keys of the arrays an array-level declaration names as its levels (Zarr store keys, e.g. `image/1`): they may
 * share dimension names at different lengths (OME-NGFF 0.5 `dimension_names`), which build.ts then allows.
 */
export function declaredLevelKeys(raw: RawGroup, out = new Set<string>()): Set<string> {
  if (declares(raw.attrs)) {
    let parsed: Parsed | undefined;
    try {
      parsed = parseMultiscales(raw.attrs);
    } catch {
      parsed = undefined;
    }
    for (const d of parsed?.declarations ?? [])
      for (const l of d.levels) out.add(raw.key === '' ? l.path : `${raw.key}/${l.path}`);
  }
  for (const c of raw.groups) declaredLevelKeys(c, out);
  return out;
}

/** Whether a group is one of a pyramid's coarser levels only (every variable a `pyramidLevel`): a tree may fold it. */
export function isLevelGroup(g: Group): boolean {
  return (
    g.variables.length > 0 &&
    g.groups.length === 0 &&
    !g.pending?.length &&
    g.variables.every((v) => v.pyramidLevel !== undefined)
  );
}
