/**
 * Lossless JSON for metadata objects: integers beyond 2^53 (int64/uint64 attributes, fill values) keep every
 * digit. Numbers come back as `JsonNumber` (the literal text); everything else as plain JSON values.
 */
import { isLosslessNumber, parse } from 'lossless-json';
import { MetadataError } from '../errors';

/** A JSON number kept as its literal text (also `NaN`, `Infinity`, `-Infinity`, as Python writes them). */
export class JsonNumber {
  constructor(readonly text: string) {}
  /** True when the literal has no fraction or exponent (JSON "int" in netcdf-c's sense). */
  get isInteger(): boolean {
    return /^-?\d+$/.test(this.text);
  }
  toNumber(): number {
    return Number(this.text);
  }
  toBigInt(): bigint {
    return BigInt(this.text);
  }
}

/** The bare words Python's `json` writes for non-finite floats (longest first). */
const NON_FINITE = ['-Infinity', 'Infinity', 'NaN'] as const;

export type Json = null | boolean | string | JsonNumber | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * The keys of an object in document order, where JavaScript's own order differs: a plain object lists integer-like
 * keys (`"0"`, `"5"`) first, in numeric order, whatever order the document gave them in. Attributes, NCZarr
 * dimensions and JSON-valued attributes are shown in document order, so such objects carry their order here.
 */
const KEY_ORDER = Symbol('json key order');

/** A key JavaScript lists before the others (an array index). */
const INDEX_KEY = /^(0|[1-9]\d{0,9})$/;

/** The keys of a parsed metadata object in document order. */
export function jsonKeys(obj: JsonObject): string[] {
  return (obj as { [KEY_ORDER]?: string[] })[KEY_ORDER] ?? Object.keys(obj);
}

/** The entries of a parsed metadata object in document order. */
export function jsonEntries(obj: JsonObject): [string, Json][] {
  return jsonKeys(obj).map((k) => [k, obj[k] as Json]);
}

/**
 * lossless-json's output → `Json`; strings `<tag><word>` become the numbers they stand for (counted in `seen`).
 * With `marked`, every object key carries one leading marker character (see `markKeys`), removed here.
 */
function convert(v: unknown, tag: string | undefined, seen: { count: number }, marked: boolean): Json {
  if (isLosslessNumber(v)) return new JsonNumber((v as { value: string }).value);
  if (Array.isArray(v)) return v.map((x) => convert(x, tag, seen, marked));
  if (v !== null && typeof v === 'object') {
    const out: JsonObject = {};
    const order: string[] = [];
    let reordered = false;
    for (const [mk, x] of Object.entries(v)) {
      const k = marked ? mk.slice(1) : mk;
      if (tag !== undefined && k.includes(tag)) seen.count = -Infinity;
      if (INDEX_KEY.test(k)) reordered = true;
      if (!Object.hasOwn(out, k)) order.push(k);
      out[k] = convert(x, tag, seen, marked);
    }
    if (reordered) Object.defineProperty(out, KEY_ORDER, { value: order, enumerable: false });
    return out;
  }
  if (tag !== undefined && typeof v === 'string' && v.includes(tag)) {
    seen.count++;
    const word = v.slice(tag.length);
    if (v.startsWith(tag) && (NON_FINITE as readonly string[]).includes(word)) return new JsonNumber(word);
    seen.count = -Infinity;
  }
  return v as Json;
}

/** Whether the text may hold an integer-like object key (a cheap test; false positives only cost a pass). */
const MAY_HAVE_INDEX_KEY = /"(0|[1-9]\d{0,9})"\s*:/;

/**
 * Every object key of the JSON text with one marker character (`\u0001`, written as an escape) in front, so that
 * no key is integer-like and the parser keeps them in document order; `convert` removes exactly that one character.
 */
function markKeys(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 0x22) continue;
    const start = i;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5c) i++;
      else if (c === 0x22) break;
    }
    let j = i + 1;
    while (j < text.length && /\s/.test(text[j] as string)) j++;
    if (text[j] === ':') {
      out += `${text.slice(from, start + 1)}\\u0001`;
      from = start + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Tags tried for non-finite numbers before giving up on a document whose strings spell them all. */
const MAX_TAG_ATTEMPTS = 8;

/** Deepest nesting of arrays and objects accepted in a metadata document (real ones nest a few levels). */
export const MAX_JSON_DEPTH = 256;

/** The nesting depth of JSON text (brackets outside strings), stopping early once past `limit`. */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

interface Quoted {
  readonly text: string;
  /** The tag of the string tokens standing for non-finite numbers; undefined when there were none. */
  readonly tag?: string;
  /** How many tokens were written. */
  readonly count: number;
}

/**
 * Python's `json` (zarr-python, xarray) writes non-finite floats as the bare words `NaN`, `Infinity` and
 * `-Infinity`, which JSON does not have. Outside strings, each becomes a string token `"<tag><word>"`; the tag
 * is absent from the text, and `parseJson` checks after parsing that only its own tokens carry it (a string
 * spelling the tag with escapes makes it try the next tag). `convert` turns the tokens back into numbers.
 */
function quoteNonFinite(text: string, attempt: number): Quoted {
  // netcdf-c writes control characters of attribute text into JSON strings unescaped (its own parser takes them):
  // they are escaped first, inside strings only.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(text)) text = escapeControls(text);
  if (!/NaN|Infinity/.test(text)) return { text, count: 0 };
  let n = attempt;
  let tag = `~nonfinite${n}~`;
  while (text.includes(tag)) tag = `~nonfinite${++n}~`;
  let out = '';
  let from = 0;
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    if (c !== 0x2d && c !== 0x49 && c !== 0x4e) continue; // '-', 'I', 'N'
    const word = NON_FINITE.find((w) => text.startsWith(w, i));
    if (!word || /[A-Za-z0-9_.]/.test(text[i + word.length] ?? '')) continue;
    out += `${text.slice(from, i)}"${tag}${word}"`;
    i += word.length - 1;
    from = i + 1;
    count++;
  }
  return count === 0 ? { text, count } : { text: out + text.slice(from), tag, count };
}

/** Raw control characters inside JSON strings as `\u00XX` escapes (outside strings they are whitespace or errors). */
function escapeControls(text: string): string {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!inString) {
      if (c === 0x22) inString = true;
      continue;
    }
    if (c === 0x5c) i++;
    else if (c === 0x22) inString = false;
    else if (c < 0x20) {
      out += `${text.slice(from, i)}\\u${c.toString(16).padStart(4, '0')}`;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Parses JSON text losslessly; throws a `MetadataError` naming `key` when it is not JSON, or when it nests
 * deeper than `MAX_JSON_DEPTH` (which would exhaust the stack of every recursive reader). The bare words
 * `NaN`, `Infinity` and `-Infinity` (as Python writes them) are numbers: `JsonNumber` with that text.
 */
export function parseJson(text: string, key: string): Json {
  if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new MetadataError(`nested deeper than ${MAX_JSON_DEPTH} levels; not read.`, { key });
  }
  try {
    // A collision (a string of the document spelling the tag with escapes) shows as more tagged strings than
    // tokens written, or a tagged string that is no token (count -Infinity): try the next tag. Fewer is fine
    // (a duplicate key keeps one value).
    for (let attempt = 0; attempt < MAX_TAG_ATTEMPTS; attempt++) {
      const q = quoteNonFinite(text, attempt);
      const seen = { count: 0 };
      const marked = MAY_HAVE_INDEX_KEY.test(q.text);
      const value = convert(parse(marked ? markKeys(q.text) : q.text), q.tag, seen, marked);
      if (seen.count >= 0 && seen.count <= q.count) return value;
    }
    throw new Error('strings spelling the internal tags of non-finite numbers');
  } catch (e) {
    throw new MetadataError(`invalid JSON (${e instanceof Error ? e.message : String(e)}).`, { key, cause: e });
  }
}

export function isObject(v: Json | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber);
}

export function isAtomic(v: Json | undefined): v is boolean | string | JsonNumber {
  return typeof v === 'boolean' || typeof v === 'string' || v instanceof JsonNumber;
}

/** Plain JS value of JSON (numbers as JS numbers), for zarrita-shaped metadata. */
export function toPlain(v: Json): unknown {
  if (v instanceof JsonNumber) return v.toNumber();
  if (Array.isArray(v)) return v.map(toPlain);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}

/** JSON text as netcdf-c unparses it: `{"k": [1,2], "z": "q"}` (spaces after `:` and `,` in objects only). */
export function unparse(v: Json): string {
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(unparse).join(',')}]`;
  if (isObject(v))
    return `{${jsonEntries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${unparse(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}

/** A non-negative integer, or undefined. */
export function asCount(v: Json | undefined): number | undefined {
  if (v instanceof JsonNumber && v.isInteger && !v.text.startsWith('-')) return v.toNumber();
  return undefined;
}

/** An array of non-negative integers, or undefined. */
export function asCounts(v: Json | undefined): number[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: number[] = [];
  for (const x of v) {
    const n = asCount(x);
    if (n === undefined) return undefined;
    out.push(n);
  }
  return out;
}

export function asStrings(v: Json | undefined): string[] | undefined {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return undefined;
  return v as string[];
}

/** Case-insensitive key lookup (old NCZarr wrote upper-case keys). */
export function getCI(obj: JsonObject, ...names: string[]): Json | undefined {
  for (const n of names) if (n in obj) return obj[n];
  const lower = new Map(Object.keys(obj).map((k) => [k.toLowerCase(), k]));
  for (const n of names) {
    const k = lower.get(n.toLowerCase());
    if (k !== undefined) return obj[k];
  }
  return undefined;
}
