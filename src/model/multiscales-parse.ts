/**
 * The `multiscales` declarations of a group's attributes, parsed into `Declaration`s: each convention's levels as
 * declared (paths relative to the group, with their scale, translation and geotransform), before multiscales.ts
 * finds them in the tree.
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
 */
import { type Json, type JsonObject, JsonNumber, isObject } from './json';
import type { Pyramid, PyramidConvention } from './types';

/** One level as declared, before it is found in the tree. */
export interface DeclaredLevel {
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

export type Parsed = { declarations: Declaration[]; errors: string[] };

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
export const declares = (attrs: JsonObject): boolean =>
  attrs.multiscales !== undefined || (isObject(attrs.ome) && attrs.ome.multiscales !== undefined);
