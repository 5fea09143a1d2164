/**
 * Multiscale pyramids: the `multiscales` conventions read into `Variable.pyramid` / `Variable.pyramidLevel`.
 *
 * Declarations, on a group's attributes:
 * - OME-NGFF ≤ 0.4 (Zarr v2): `multiscales: [{ version, name?, axes, datasets: [{ path, coordinateTransformations:
 *   [{type: 'scale', scale}, {type: 'translation', translation}?] }], coordinateTransformations?, type?, metadata? }]`;
 *   0.5 (Zarr v3): the same entries (without `version`) under `ome: { version, multiscales }`. Levels are arrays,
 *   listed finest first (the specification requires it; a level larger than the one before is a problem).
 * - zarr-conventions `multiscales` (v1): `multiscales: { layout: [{ asset, derived_from?, transform: { scale,
 *   translation }, resampling_method?, 'spatial:shape'?, 'spatial:transform'? }], resampling_method? }` (the 0.1 draft's
 *   `group` / `from_group` / top-level `scale` are read too). `scale` is relative to `derived_from`: the level's scale
 *   is the product along that chain. Levels are groups or arrays, in any order (upsampled levels are allowed).
 * - ndpyramid (carbonplan): `multiscales: [{ datasets: [{ path, pixels_per_tile? }], type, metadata: { method,
 *   version, args, kwargs } }]` — an entry with neither `version` nor `axes`. Levels are groups holding the same
 *   variables; ndpyramid's level 0 is its coarsest (zoom 0, or `factors[0]` of `pyramid_coarsen`).
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
import { type Json, type JsonObject, JsonNumber, isObject } from './json';
import type { RawGroup } from './raw';
import type { Group, Problem, Pyramid, PyramidConvention, PyramidLevel, PyramidLevelOf, Variable } from './types';

/** A malformed or inconsistent `multiscales` declaration (the report names it `pyramid-invalid`). */
export class MultiscalesError extends MetadataError {
  constructor(message: string, options: ErrorOptions & { key?: string } = {}) {
    super(message, options);
    this.name = 'MultiscalesError';
  }
}

/** One level as declared, before it is found in the tree. */
interface DeclaredLevel {
  /** Path relative to the declaring group. */
  readonly path: string;
  readonly scale?: number[] | undefined;
  readonly translation?: number[] | undefined;
  readonly geoTransform?: number[] | undefined;
}

export interface Declaration {
  readonly convention: PyramidConvention;
  /** How messages name it, e.g. `multiscales[0] (OME-NGFF 0.4)`. */
  readonly label: string;
  readonly version?: string | undefined;
  readonly name?: string | undefined;
  readonly axes?: Pyramid['axes'];
  readonly method?: string | undefined;
  readonly pixelsPerTile?: number | undefined;
  readonly levels: readonly DeclaredLevel[];
}

const CONVENTION_NAMES: Record<PyramidConvention, string> = {
  'ome-ngff': 'OME-NGFF',
  'zarr-conventions': 'zarr-conventions multiscales',
  ndpyramid: 'ndpyramid',
};

/** `OME-NGFF 0.4`, `ndpyramid`: the convention as the report and messages name it. */
export function conventionText(p: Pick<Pyramid, 'convention' | 'version'>): string {
  const base = CONVENTION_NAMES[p.convention];
  return p.convention === 'ome-ngff' && p.version ? `${base} ${p.version}` : base;
}

const num = (j: Json | undefined): number | undefined => (j instanceof JsonNumber ? j.toNumber() : undefined);

function nums(j: Json | undefined): number[] | undefined {
  if (!Array.isArray(j) || j.length === 0) return undefined;
  const out = j.map(num);
  return out.every((x): x is number => x !== undefined && Number.isFinite(x)) ? out : undefined;
}

const str = (j: Json | undefined): string | undefined => (typeof j === 'string' ? j : undefined);

type Parsed = { declarations: Declaration[]; errors: string[] };

/** OME-NGFF `axes`: objects `{name, type?, unit?}` (0.4, 0.5) or bare names (0.3). */
function omeAxes(j: Json | undefined): Pyramid['axes'] {
  if (!Array.isArray(j)) return undefined;
  const out: { name: string; type?: string; unit?: string }[] = [];
  for (const a of j) {
    if (typeof a === 'string') out.push({ name: a });
    else if (isObject(a) && typeof a.name === 'string') {
      const type = str(a.type);
      const unit = str(a.unit);
      out.push({ name: a.name, ...(type !== undefined ? { type } : {}), ...(unit !== undefined ? { unit } : {}) });
    } else return undefined;
  }
  return out;
}

/** The `scale` and `translation` of an OME-NGFF `coordinateTransformations` list. */
function omeTransforms(j: Json | undefined): { scale?: number[]; translation?: number[] } {
  const out: { scale?: number[]; translation?: number[] } = {};
  if (!Array.isArray(j)) return out;
  for (const t of j) {
    if (!isObject(t)) continue;
    const v = t.type === 'scale' ? nums(t.scale) : t.type === 'translation' ? nums(t.translation) : undefined;
    if (v && t.type === 'scale') out.scale = v;
    else if (v && t.type === 'translation') out.translation = v;
  }
  return out;
}

/** A level's transform composed with the multiscale's own (applied after it): x = s_m·(s_d·i + t_d) + t_m. */
function compose(
  d: { scale?: number[]; translation?: number[] },
  m: { scale?: number[]; translation?: number[] },
): { scale?: number[]; translation?: number[] } {
  if (!m.scale && !m.translation) return d;
  const n = d.scale?.length ?? d.translation?.length ?? m.scale?.length ?? m.translation?.length ?? 0;
  const ms = m.scale && m.scale.length === n ? m.scale : undefined;
  const mt = m.translation && m.translation.length === n ? m.translation : undefined;
  const scale = d.scale ? d.scale.map((s, i) => s * (ms?.[i] ?? 1)) : ms;
  const base = d.translation ?? (mt ? new Array<number>(n).fill(0) : undefined);
  const translation = base?.map((t, i) => t * (ms?.[i] ?? 1) + (mt?.[i] ?? 0));
  return { ...(scale ? { scale } : {}), ...(translation ? { translation } : {}) };
}

/** One entry of a `multiscales` list: OME-NGFF when it has `version` or `axes`, else ndpyramid. */
function parseListEntry(e: Json, i: number, omeVersion: string | undefined, out: Parsed): void {
  const where = `multiscales[${i}]`;
  if (!isObject(e)) {
    out.errors.push(`${where} is not an object; ignored.`);
    return;
  }
  const ome = omeVersion !== undefined || e.version !== undefined || e.axes !== undefined;
  const convention: PyramidConvention = ome ? 'ome-ngff' : 'ndpyramid';
  const meta = isObject(e.metadata) ? e.metadata : {};
  const version = ome ? (omeVersion ?? str(e.version)) : str(meta.version);
  const label = `${where} (${conventionText({ convention, version })})`;
  const datasets = e.datasets;
  if (!Array.isArray(datasets) || datasets.length === 0) {
    out.errors.push(`${label}: "datasets" is not a non-empty list; ignored.`);
    return;
  }
  const global = ome ? omeTransforms(e.coordinateTransformations) : {};
  const levels: DeclaredLevel[] = [];
  for (const [j, d] of datasets.entries()) {
    const path = isObject(d) ? str(d.path) : undefined;
    if (path === undefined || path === '') {
      out.errors.push(`${label}: datasets[${j}] has no "path"; ignored.`);
      return;
    }
    levels.push({ path, ...(ome && isObject(d) ? compose(omeTransforms(d.coordinateTransformations), global) : {}) });
  }
  const first = datasets[0];
  const ppt = isObject(first) ? num(first.pixels_per_tile) : undefined;
  out.declarations.push({
    convention,
    label,
    version,
    name: str(e.name),
    axes: ome ? omeAxes(e.axes) : undefined,
    method: ome ? (str(e.type) ?? str(meta.method)) : (str(meta.method) ?? str(e.type)),
    pixelsPerTile: ppt,
    levels,
  });
}

/** zarr-conventions: `{ layout: [...] }`; scales multiplied along `derived_from` to the level with none. */
function parseLayout(ms: JsonObject, out: Parsed): void {
  const version = str(ms.version);
  const label = `multiscales (${conventionText({ convention: 'zarr-conventions', version })})`;
  const layout = ms.layout;
  if (!Array.isArray(layout) || layout.length === 0) {
    out.errors.push(`${label}: "layout" is not a non-empty list; ignored.`);
    return;
  }
  const entries: { asset: string; from?: string | undefined; scale?: number[] | undefined; e: JsonObject }[] = [];
  for (const [j, e] of layout.entries()) {
    const asset = isObject(e) ? (str(e.asset) ?? str(e.group)) : undefined;
    if (!isObject(e) || asset === undefined || asset === '') {
      out.errors.push(`${label}: layout[${j}] has no "asset"; ignored.`);
      return;
    }
    const t = isObject(e.transform) ? e.transform : e;
    entries.push({ asset, from: str(e.derived_from) ?? str(e.from_group), scale: nums(t.scale), e });
  }
  const byAsset = new Map(entries.map((x) => [x.asset, x]));
  /** The scale relative to the level the `derived_from` chain starts at; undefined when a step has none. */
  const cumulative = (x: (typeof entries)[number], j: number): number[] | undefined => {
    let scale = x.scale;
    const seen = new Set([x.asset]);
    for (let at = x; at.from !== undefined;) {
      const up = byAsset.get(at.from);
      if (!up) {
        out.errors.push(`${label}: layout[${j}] derives from "${at.from}", which is not in the layout.`);
        return undefined;
      }
      if (seen.has(up.asset)) {
        out.errors.push(`${label}: layout[${j}] derives from itself through "derived_from".`);
        return undefined;
      }
      seen.add(up.asset);
      const s = up.scale;
      if (!scale || (s && s.length !== scale.length)) return undefined;
      if (s) scale = scale.map((v, i) => v * (s[i] ?? 1));
      at = up;
    }
    return scale;
  };
  out.declarations.push({
    convention: 'zarr-conventions',
    label,
    version,
    method: str(ms.resampling_method),
    levels: entries.map((x, j) => {
      const t = isObject(x.e.transform) ? x.e.transform : x.e;
      const scale = cumulative(x, j);
      const translation = nums(t.translation);
      const geoTransform = nums(x.e['spatial:transform']) ?? nums(x.e['proj:transform']);
      return {
        path: x.asset,
        ...(scale ? { scale } : {}),
        ...(translation ? { translation } : {}),
        ...(geoTransform?.length === 6 ? { geoTransform } : {}),
      };
    }),
  });
}

/** Every `multiscales` declaration of a group's attributes, and what is malformed in them. */
export function parseMultiscales(attrs: JsonObject): Parsed {
  const out: Parsed = { declarations: [], errors: [] };
  const ome = isObject(attrs.ome) ? attrs.ome : undefined;
  if (ome && ome.multiscales !== undefined) {
    const version = str(ome.version) ?? '0.5';
    if (Array.isArray(ome.multiscales) && ome.multiscales.length > 0)
      ome.multiscales.forEach((e, i) => parseListEntry(e, i, version, out));
    else out.errors.push(`ome.multiscales (OME-NGFF ${version}) is not a non-empty list; ignored.`);
    return out;
  }
  const ms = attrs.multiscales;
  if (ms === undefined) return out;
  if (Array.isArray(ms) && ms.length > 0) ms.forEach((e, i) => parseListEntry(e, i, undefined, out));
  else if (isObject(ms) && ms.layout !== undefined) parseLayout(ms, out);
  else
    out.errors.push(
      '"multiscales" is neither a non-empty list (OME-NGFF, ndpyramid) nor an object with "layout" (zarr-conventions); ignored.',
    );
  return out;
}

/** Whether a group's attributes declare a pyramid (cheap: no parsing). */
const declares = (attrs: JsonObject): boolean =>
  attrs.multiscales !== undefined || (isObject(attrs.ome) && attrs.ome.multiscales !== undefined);

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
