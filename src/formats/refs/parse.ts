/**
 * kerchunk reference sets in JSON: version 0 (`{key: ref}`) and version 1 (`{"version": 1, "templates": {…},
 * "gen": […], "refs": {…}}`), read into one map from Zarr key to reference. A reference is inline data (text,
 * or `base64:` bytes), a whole object (`[url]`) or a byte range of one (`[url, offset, length]`); `gen` is
 * expanded by template.ts (no `eval`), after its key count is checked against `maxKeys`. A malformed document
 * throws `MetadataError`; a malformed entry becomes an `invalid` reference, so only its key fails when read.
 *
 * @example
 * const set = parseReferences(new TextEncoder().encode('{"a/.zarray": "{…}", "a/0": ["data.nc", 100, 50]}'));
 * set.refs.get('a/0') // { kind: 'range', url: 'data.nc', offset: 100, length: 50 }
 */
import { MetadataError } from '../../errors';
import { TemplateError, renderTemplate, type TemplateVars } from './template';

export type Reference =
  /** Inline data: `text` is the JSON string as written (`base64:` still on it: decoded when read). */
  | { readonly kind: 'inline'; readonly text: string }
  /** Inline bytes (a Parquet reference's `raw`). */
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  /** A whole object. `url` is as the document writes it, templates rendered, not yet resolved. */
  | { readonly kind: 'whole'; readonly url: string }
  | { readonly kind: 'range'; readonly url: string; readonly offset: number; readonly length: number }
  /** An entry that does not read as a reference: reading its key throws with `message`. */
  | { readonly kind: 'invalid'; readonly message: string };

export interface ReferenceSet {
  readonly version: 0 | 1;
  /** The references known at once (all of a JSON set; the metadata of a Parquet set). */
  readonly refs: ReadonlyMap<string, Reference>;
  /** The reference of a key not in `refs`, read when asked for (a Parquet set's chunk keys). */
  readonly lookup?: ((key: string, signal?: AbortSignal) => Promise<Reference | undefined>) | undefined;
}

export interface ParseOptions {
  /** Most keys a document may hold, `gen` expanded (default `MAX_KEYS`); a larger set is refused, not built. */
  readonly maxKeys?: number | undefined;
  /** Where the document came from, for messages. */
  readonly description?: string | undefined;
}

/** Default bound of a reference set's keys (`gen` expanded). */
export const MAX_KEYS = 10_000_000;

type Json = unknown;

const isObject = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Whether a parsed JSON document is a kerchunk reference set (not, e.g., a Zarr `zarr.json` or `.zmetadata`). */
export function isReferenceDocument(doc: Json): boolean {
  if (!isObject(doc)) return false;
  if (isObject(doc.refs) && (doc.version === 1 || doc.version === undefined)) return true;
  // Version 0: Zarr metadata keys with string or reference values (a Zarr document has objects there).
  return Object.entries(doc).some(
    ([k, v]) =>
      /(^|\/)\.z(group|array|attrs|metadata)$/.test(k) &&
      (typeof v === 'string' || (Array.isArray(v) && typeof v[0] === 'string')),
  );
}

/** One reference value of a document; templates are rendered in URLs. */
function reference(value: Json, templates: TemplateVars): Reference {
  if (typeof value === 'string') return { kind: 'inline', text: value };
  if (isObject(value)) return { kind: 'inline', text: JSON.stringify(value) };
  if (!Array.isArray(value) || (value.length !== 1 && value.length !== 3))
    return { kind: 'invalid', message: 'is no reference (a string, [url] or [url, offset, length]).' };
  const [u, offset, length] = value as Json[];
  if (typeof u !== 'string') return { kind: 'invalid', message: 'has a URL that is not a string.' };
  let url = u;
  if (u.includes('{{')) {
    try {
      url = renderTemplate(u, templates);
    } catch (e) {
      return { kind: 'invalid', message: `has a URL template that cannot be rendered: ${(e as Error).message}` };
    }
  }
  if (value.length === 1) return { kind: 'whole', url };
  if (
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(length) ||
    (offset as number) < 0 ||
    (length as number) < 0
  )
    return { kind: 'invalid', message: 'has an offset or length that is not a byte count.' };
  return { kind: 'range', url, offset: offset as number, length: length as number };
}

/** Python's `int()` of a rendered offset or length. */
function toInt(text: string, what: string): number {
  const t = text.trim().replace(/_/g, '');
  if (!/^[+-]?\d+$/.test(t)) throw new TemplateError(`The ${what} "${text}" is not an integer.`);
  const n = Number(t);
  if (!Number.isSafeInteger(n) || n < 0) throw new TemplateError(`The ${what} ${text} is not a byte count.`);
  return n;
}

/** The values of one `gen` dimension: a list, or `{start, stop, step}` as Python's `range`. */
function dimension(
  name: string,
  d: Json,
): readonly (number | string)[] | { start: number; stop: number; step: number } {
  if (Array.isArray(d)) {
    if (!d.every((x) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))))
      throw new TemplateError(`The dimension "${name}" lists values that are neither numbers nor strings.`);
    return d as (number | string)[];
  }
  if (!isObject(d)) throw new TemplateError(`The dimension "${name}" is neither a list nor {start, stop, step}.`);
  const { start = 0, stop, step = 1 } = d;
  if (![start, stop, step].every((x) => Number.isSafeInteger(x)) || step === 0)
    throw new TemplateError(`The dimension "${name}" has a start, stop or step that is not a (non-zero) integer.`);
  return { start: start as number, stop: stop as number, step: step as number };
}

function rangeLength(r: { start: number; stop: number; step: number }): number {
  const n = r.step > 0 ? Math.ceil((r.stop - r.start) / r.step) : Math.ceil((r.start - r.stop) / -r.step);
  return Math.max(0, n);
}

/** Expands one `gen` entry into `out` (Python's `itertools.product` order: the last dimension fastest). */
function expandGen(
  gen: Json,
  index: number,
  templates: TemplateVars,
  out: Map<string, Reference>,
  budget: number,
): void {
  if (!isObject(gen) || typeof gen.key !== 'string' || typeof gen.url !== 'string' || !isObject(gen.dimensions))
    throw new TemplateError(`gen[${index}] needs "key" and "url" strings and a "dimensions" object.`);
  const hasOffset = gen.offset !== undefined;
  if (hasOffset !== (gen.length !== undefined))
    throw new TemplateError(`gen[${index}] has one of "offset" and "length" without the other.`);
  const names = Object.keys(gen.dimensions);
  const dims = names.map((n) => dimension(n, (gen.dimensions as Record<string, Json>)[n]));
  const sizes = dims.map((d) =>
    Array.isArray(d) ? d.length : rangeLength(d as { start: number; stop: number; step: number }),
  );
  const total = sizes.reduce((a, b) => a * b, 1);
  if (total > budget)
    throw new MetadataError(
      `gen[${index}] would make ${total.toLocaleString('en')} keys, more than the ${budget.toLocaleString('en')} left of the bound: it is not expanded.`,
    );
  const at = (d: (typeof dims)[number], i: number): number | string =>
    Array.isArray(d)
      ? (d as (number | string)[])[i]!
      : (d as { start: number; step: number }).start + i * (d as { step: number }).step;
  const idx = names.map(() => 0);
  const str = (x: Json, what: string) => {
    if (typeof x === 'string') return x;
    if (typeof x === 'number') return String(x);
    throw new TemplateError(`gen[${index}].${what} is neither a string nor a number.`);
  };
  const [keyT, urlT] = [gen.key, gen.url];
  const offT = hasOffset ? str(gen.offset, 'offset') : '';
  const lenT = hasOffset ? str(gen.length, 'length') : '';
  const vars: Record<string, number | string> = { ...templates };
  for (let n = 0; n < total; n++) {
    names.forEach((name, k) => (vars[name] = at(dims[k]!, idx[k]!)));
    const key = renderTemplate(keyT, vars);
    const url = renderTemplate(urlT, vars);
    out.set(
      key.replace(/^\/+/, ''),
      hasOffset
        ? {
            kind: 'range',
            url,
            offset: toInt(renderTemplate(offT, vars), 'offset'),
            length: toInt(renderTemplate(lenT, vars), 'length'),
          }
        : { kind: 'whole', url },
    );
    for (let k = names.length - 1; k >= 0; k--) {
      if (++idx[k]! < sizes[k]!) break;
      idx[k] = 0;
    }
  }
}

/** The JSON of a document (its bytes or text); throws `MetadataError` when it is not JSON. */
export function parseJsonDocument(doc: Uint8Array | string, description = 'The reference file'): unknown {
  try {
    return JSON.parse(typeof doc === 'string' ? doc : new TextDecoder('utf-8', { fatal: true }).decode(doc)) as unknown;
  } catch (e) {
    throw new MetadataError(`${description} is not valid JSON: ${(e as Error).message}`, {
      key: description,
      cause: e,
    });
  }
}

/** Parses a reference document (its bytes or text). Throws `MetadataError` when it is not a reference set. */
export function parseReferences(doc: Uint8Array | string, options: ParseOptions = {}): ReferenceSet {
  return readReferenceJson(parseJsonDocument(doc, options.description), options);
}

/** Reads a parsed reference document. Throws `MetadataError` when it is not a reference set. */
export function readReferenceJson(json: unknown, options: ParseOptions = {}): ReferenceSet {
  const where = options.description ?? 'The reference file';
  const maxKeys = options.maxKeys ?? MAX_KEYS;
  if (!isObject(json)) throw new MetadataError(`${where} is not a JSON object of references.`, { key: where });
  const version = json.version === undefined || !isObject(json.refs) ? 0 : json.version;
  if (version !== 0 && version !== 1)
    throw new MetadataError(
      `${where} is a reference set of version ${JSON.stringify(version)}; versions 0 and 1 are read.`,
      { key: where },
    );
  const templates: Record<string, string> = {};
  if (version === 1 && json.templates !== undefined) {
    if (!isObject(json.templates)) throw new MetadataError(`${where}: "templates" is not an object.`, { key: where });
    for (const [k, v] of Object.entries(json.templates)) {
      if (typeof v !== 'string')
        throw new MetadataError(`${where}: the template "${k}" is not a string.`, { key: where });
      templates[k] = v;
    }
  }
  const entries = version === 1 ? (json.refs as Record<string, Json>) : json;
  const keys = Object.keys(entries);
  if (keys.length > maxKeys)
    throw new MetadataError(`${where} holds ${keys.length} references, more than the bound of ${maxKeys}.`, {
      key: where,
    });
  const refs = new Map<string, Reference>();
  for (const k of keys)
    if (version === 1 || k !== 'version') refs.set(k.replace(/^\/+/, ''), reference(entries[k], templates));
  // Generated references win over explicit ones of the same key, as in fsspec (it applies `gen` last).
  const gens = version === 1 ? json.gen : undefined;
  if (gens !== undefined) {
    if (!Array.isArray(gens)) throw new MetadataError(`${where}: "gen" is not a list.`, { key: where });
    gens.forEach((g, i) => {
      try {
        expandGen(g, i, templates, refs, maxKeys - refs.size);
      } catch (e) {
        if (e instanceof MetadataError) throw e;
        throw new MetadataError(`${where}: ${(e as Error).message}`, { key: where, cause: e });
      }
    });
  }
  return { version, refs };
}
