/**
 * Share links: the app's URL fragment carries the dataset location, the variable and the view. Decoding treats
 * the fragment as hostile: every field is checked, and anything odd gives a message instead of a state.
 *
 * @example
 * const hash = encodeShare({ url: 'https://h/d.zarr#mode=nczarr', variable: '/t', view: defaultView() });
 * decodeShare(hash, (kind) => kind === 'auto') // { ok: true, state: {...} }
 */
import { redactLocation } from '../core';
import { COLORMAPS, SCALES, type ColormapName, type ScaleName } from '../plot/colormap';
import { isProjectionName } from '../core';
import { defaultViewOptions, type ViewOptions } from '../state/view-options';
import { decodeCompare, encodeCompare } from './compare-link';
import type { CompareSettings } from '../state/compare-settings';

export interface ShareState {
  /** Dataset location (http(s) or s3 URL with its own `#mode` fragment). */
  readonly url: string;
  readonly variable?: string | undefined;
  /** Dimension names mapped to the x and y axes. */
  readonly x?: string | undefined;
  readonly y?: string | undefined;
  /** Index per sliced dimension name. */
  readonly indices?: Readonly<Record<string, number>> | undefined;
  readonly options?: ViewOptions | undefined;
  /** The variable subtracted from this one (Compare A − B), a full path. */
  readonly compare?: string | undefined;
  /** A second dataset beside this one ("Compare with…"): keys `burl`, `bvar`, `blink`, `bdiff`, `bview`. */
  readonly b?: CompareSettings | undefined;
}

export type DecodeResult = { ok: true; state: ShareState } | { ok: false; error: string } | { ok: true; state: null };

export const MAX_FRAGMENT = 8192;
const NAME_RE = /^\P{Cc}{1,256}$/u;
/** A compound member's key (`relhum`, `xx.i`, `vals[1]`), or '' for whole records. */
const FIELD_RE = /^\P{Cc}{0,512}$/u;
const PATH_RE = /^\/\P{Cc}{0,1024}$/u;

/** The fragment (without `#`) for a state. Credentials never enter it: the location is redacted. */
export function encodeShare(state: ShareState): string {
  const p = new URLSearchParams();
  p.set('url', redactLocation(state.url));
  if (state.variable) p.set('var', state.variable);
  if (state.x) p.set('x', state.x);
  if (state.y) p.set('y', state.y);
  const idx = Object.entries(state.indices ?? {});
  if (state.compare) p.set('cmp', state.compare);
  if (idx.length) p.set('i', idx.map(([k, v]) => `${encodeURIComponent(k)}:${v}`).join(','));
  const o = state.options;
  if (o) {
    if (o.view !== 'auto') p.set('view', o.view);
    p.set('cmap', o.colormap);
    if (o.invert) p.set('inv', '1');
    if (o.scale !== 'linear') p.set('scale', o.scale);
    if (o.range) p.set('range', `${o.range[0]},${o.range[1]}`);
    if (o.raw) p.set('raw', '1');
    if (o.projection !== 'equirectangular') p.set('proj', o.projection);
    if (!o.coastlines) p.set('coast', '0');
    if (o.center[0] !== 0 || o.center[1] !== 0) p.set('ctr', `${o.center[0]},${o.center[1]}`);
    if (o.field !== null) p.set('field', o.field);
  }
  if (state.b) encodeCompare(p, state.b);
  return p.toString();
}

function fail(error: string): DecodeResult {
  return { ok: false, error };
}

function finiteNumber(s: string): number | null {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s.trim())) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads a fragment (with or without `#`). An empty fragment gives `{ ok: true, state: null }`; anything invalid
 * gives `{ ok: false, error }` with a message for the user. Never throws. `isView` tells the view kinds there
 * are (the view registry's).
 */
export function decodeShare(fragment: string, isView: (kind: string) => boolean): DecodeResult {
  try {
    const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
    if (text === '') return { ok: true, state: null };
    if (text.length > MAX_FRAGMENT) return fail('This link is too long to be a Zarrview link.');
    const p = new URLSearchParams(text);
    const url = p.get('url');
    if (!url) return fail('This link does not name a dataset (no "url" in the link).');
    if (url.length > MAX_FRAGMENT || /[\p{Cc}\s]/u.test(url))
      return fail('The dataset address in this link is not valid.');
    if (!/^(https?|s3):\/\/[^/?#]/i.test(url)) {
      return fail('The dataset address in this link must be an http(s):// or s3:// URL.');
    }
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url))
      return fail('This link carries credentials in the dataset address; it was not opened.');
    const state: { -readonly [K in keyof ShareState]: ShareState[K] } = { url };
    const variable = p.get('var');
    if (variable !== null) {
      if (!PATH_RE.test(variable)) return fail('The variable path in this link is not valid.');
      state.variable = variable;
    }
    const compare = p.get('cmp');
    if (compare !== null) {
      if (!PATH_RE.test(compare)) return fail('The variable to compare with in this link is not valid.');
      state.compare = compare;
    }
    for (const axis of ['x', 'y'] as const) {
      const v = p.get(axis);
      if (v === null) continue;
      if (!NAME_RE.test(v)) return fail(`The ${axis} dimension in this link is not valid.`);
      state[axis] = v;
    }
    const i = p.get('i');
    if (i !== null && i !== '') {
      const indices: Record<string, number> = Object.create(null) as Record<string, number>;
      const parts = i.split(',');
      if (parts.length > 64) return fail('This link has too many dimension indices.');
      for (const part of parts) {
        const m = /^([^:]+):(\d{1,12})$/.exec(part);
        if (!m) return fail('The dimension indices in this link are not valid.');
        let name: string;
        try {
          name = decodeURIComponent(m[1] ?? '');
        } catch {
          return fail('The dimension indices in this link are not valid.');
        }
        if (!NAME_RE.test(name) || name === '__proto__')
          return fail('The dimension indices in this link are not valid.');
        indices[name] = Number(m[2]);
      }
      state.indices = indices;
    }
    const options = { ...defaultViewOptions() } as { -readonly [K in keyof ViewOptions]: ViewOptions[K] };
    let hasOptions = false;
    const view = p.get('view');
    if (view !== null) {
      if (!/^[a-z][a-z0-9-]{0,39}$/.test(view) || !isView(view))
        return fail(`Unknown view "${view.slice(0, 40)}" in this link.`);
      options.view = view;
      hasOptions = true;
    }
    const cmap = p.get('cmap');
    if (cmap !== null) {
      if (!(COLORMAPS as readonly string[]).includes(cmap))
        return fail(`Unknown colour map "${cmap.slice(0, 40)}" in this link.`);
      options.colormap = cmap as ColormapName;
      hasOptions = true;
    }
    if (p.get('inv') === '1') {
      options.invert = true;
      hasOptions = true;
    }
    const scale = p.get('scale');
    if (scale !== null) {
      if (!(SCALES as readonly string[]).includes(scale))
        return fail(`Unknown scale "${scale.slice(0, 40)}" in this link.`);
      options.scale = scale as ScaleName;
      hasOptions = true;
    }
    const range = p.get('range');
    if (range !== null) {
      const [a, b, extra] = range.split(',');
      const lo = finiteNumber(a ?? '');
      const hi = finiteNumber(b ?? '');
      if (extra !== undefined || lo === null || hi === null || !(lo < hi))
        return fail('The colour range in this link is not valid.');
      options.range = [lo, hi];
      hasOptions = true;
    }
    if (p.get('raw') === '1') {
      options.raw = true;
      hasOptions = true;
    }
    const proj = p.get('proj');
    if (proj !== null) {
      if (!isProjectionName(proj)) return fail(`Unknown projection "${proj.slice(0, 40)}" in this link.`);
      options.projection = proj;
      hasOptions = true;
    }
    if (p.get('coast') === '0') {
      options.coastlines = false;
      hasOptions = true;
    }
    const ctr = p.get('ctr');
    if (ctr !== null) {
      const [a, b, extra] = ctr.split(',');
      const lon = finiteNumber(a ?? '');
      const lat = finiteNumber(b ?? '');
      if (extra !== undefined || lon === null || lat === null || Math.abs(lon) > 360 || Math.abs(lat) > 90)
        return fail('The map centre in this link is not valid.');
      options.center = [lon, lat];
      hasOptions = true;
    }
    const field = p.get('field');
    if (field !== null) {
      if (!FIELD_RE.test(field)) return fail('The compound field in this link is not valid.');
      options.field = field;
      hasOptions = true;
    }
    if (hasOptions) state.options = options;
    const b = decodeCompare(p);
    if (typeof b === 'string') return fail(b);
    if (b) state.b = b;
    return { ok: true, state };
  } catch {
    return fail('This link could not be read.');
  }
}
