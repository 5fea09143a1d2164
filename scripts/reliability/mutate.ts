/**
 * A seeded mutator over metadata documents (JSON text) for fuzzing the readers: JSON type swaps, truncation,
 * huge and negative numbers, deep nesting, unicode and control characters, duplicated and missing keys, and
 * references to objects that do not exist. The same seed always yields the same cases.
 */

export { type Rng, seededRng } from '../../src/testing/seeded-rng';
import type { Rng } from '../../src/testing/seeded-rng';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ODD_NUMBERS: readonly Json[] = [
  -1,
  0,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 31,
  -(2 ** 31) - 1,
  1.5,
  4294967296,
  1e21,
  Number.MAX_SAFE_INTEGER,
];
const ODD_STRINGS: readonly Json[] = [
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '\u0000',
  '\u202e<script>alert(1)</script>',
  '../../etc/passwd',
  'a'.repeat(1024),
  '\ud800',
  '💥',
  '/',
  '//',
  '_scalar_',
  '<img src=x onerror=alert(1)>',
];
const ODD_VALUES: readonly Json[] = [null, true, false, [], {}, [null], [[]], { a: 1 }, ...ODD_NUMBERS, ...ODD_STRINGS];
const NCZARR_KEYS = [
  'dimension_references',
  'dimrefs',
  'dimensions',
  'dims',
  'arrays',
  'vars',
  'groups',
  'subgroups',
  'types',
];

/** All paths (key chains) inside a JSON value, the root included. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (out.length > 2000 || prefix.length > 64) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

function getAt(value: Json, path: readonly (string | number)[]): Json {
  let v: Json = value;
  for (const k of path) v = (v as Record<string | number, Json>)[k] ?? null;
  return v;
}

function setAt(value: Json, path: readonly (string | number)[], next: Json | undefined): Json {
  if (path.length === 0) return next ?? null;
  const parent = getAt(value, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') {
    if (next === undefined) parent.splice(last, 1);
    else parent[last] = next;
  } else if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
    if (next === undefined) delete parent[last];
    else parent[last] = next;
  }
  return value;
}

export interface Mutation {
  readonly kind: string;
  readonly text: string;
}

const structural: readonly ((rng: Rng, doc: Json) => [string, Json])[] = [
  (rng, doc) => {
    const p = pick(rng, paths(doc));
    return ['type-swap', setAt(doc, p, pick(rng, ODD_VALUES))];
  },
  (rng, doc) => {
    const p = pick(
      rng,
      paths(doc).filter((x) => x.length > 0),
    );
    return p ? ['missing-key', setAt(doc, p, undefined)] : ['missing-key', null];
  },
  (rng, doc) => {
    const p = pick(rng, paths(doc));
    return ['odd-number', setAt(doc, p, pick(rng, ODD_NUMBERS))];
  },
  (rng, doc) => {
    const p = pick(rng, paths(doc));
    return ['odd-string', setAt(doc, p, pick(rng, ODD_STRINGS))];
  },
  (rng, doc) => {
    // A dimension/array/group reference that points at nothing.
    const p = pick(rng, paths(doc));
    const key = pick(rng, NCZARR_KEYS);
    const holder = getAt(doc, p);
    if (holder !== null && typeof holder === 'object' && !Array.isArray(holder)) {
      holder[key] = pick(rng, [['/nowhere/dim'], ['missing'], { '/x': 3 }, 'nothing', [{ name: 'q' }]]);
    }
    return ['dangling-reference', doc];
  },
  (rng, doc) => {
    const p = pick(rng, paths(doc));
    const shape = Array.from({ length: 1 + Math.floor(rng() * 4) }, () =>
      pick(rng, [0, 1, 2 ** 40, 2 ** 31 - 1, -5, 1e15]),
    );
    const holder = getAt(doc, p);
    if (holder !== null && typeof holder === 'object' && !Array.isArray(holder))
      holder[pick(rng, ['shape', 'chunks', 'chunk_shape'])] = shape;
    return ['absurd-shape', doc];
  },
];

const textual: readonly ((rng: Rng, text: string) => [string, string])[] = [
  (rng, text) => ['truncate', text.slice(0, Math.floor(rng() * text.length))],
  (rng, text) => {
    const i = Math.floor(rng() * text.length);
    return ['byte-flip', text.slice(0, i) + String.fromCharCode(Math.floor(rng() * 128)) + text.slice(i + 1)];
  },
  (rng, text) => {
    const depth = pick(rng, [100, 5000, 50_000]);
    return ['deep-nesting', text.replace(/\{/, '{"deep":' + '['.repeat(depth) + ']'.repeat(depth) + ',')];
  },
  (rng, text) => {
    const m = /"([^"\\]+)"\s*:/.exec(text);
    return m
      ? ['duplicate-key', text.replace(/\{/, `{"${m[1]}": ${JSON.stringify(pick(rng, ODD_VALUES))},`)]
      : ['duplicate-key', text];
  },
  (rng, text) => [
    'control-chars',
    text.replace(
      /"([^"\\]*)"/,
      (_, s: string) => `"${s}\\u0000\\u001b[2J${pick(rng, ['\\ud83d', '\u2028', '\\u202e'])}"`,
    ),
  ],
  (rng) => ['not-json', pick(rng, ['<html><body>Error</body></html>', '', 'null', '[]', '"text"', '42'])],
];

/** One mutation of a metadata document, chosen by `rng`. */
export function mutate(rng: Rng, text: string): Mutation {
  if (rng() < 0.4) {
    const [kind, out] = pick(rng, textual)(rng, text);
    return { kind, text: out };
  }
  try {
    const doc = JSON.parse(text) as Json;
    const [kind, out] = pick(rng, structural)(rng, doc);
    return { kind, text: JSON.stringify(out) };
  } catch {
    // Not JSON (an earlier mutation broke it), or too deep to walk: mutate the text instead.
    const [kind, out] = pick(rng, textual)(rng, text);
    return { kind, text: out };
  }
}
