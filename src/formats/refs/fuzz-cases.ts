/**
 * The cases of fuzz.test.ts: the fixture reference documents (JSON) and Parquet folders of fixtures/refs/,
 * seeded mutations of them, and the targets they read, served from memory (`https://fuzz.invalid/refs/…`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AbsolutePath, Store } from '../../store/types';
import type { Rng } from '../../testing/seeded-rng';
import { REFS } from './testing';

export const BASE = 'https://fuzz.invalid/refs/';

export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}
export const OBJECTS = new Map(
  files(join(REFS, 'targets')).map((f) => [`${BASE}${relative(REFS, f)}`, new Uint8Array(readFileSync(f))]),
);
export const SEEDS = readdirSync(REFS)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.values.json'))
  .map((f) => ({ name: f, json: JSON.parse(readFileSync(join(REFS, f), 'utf8')) as unknown }));

/** A target store over the in-memory fixture objects. */
export function target(url: string): Store {
  const bytes = OBJECTS.get(url);
  return {
    description: url,
    get: () => Promise.resolve(bytes),
    getRange: (_, r) =>
      Promise.resolve(
        bytes && ('suffixLength' in r ? bytes.slice(-r.suffixLength) : bytes.slice(r.offset, r.offset + r.length)),
      ),
  };
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

const HOSTILE: readonly unknown[] = [
  0,
  -1,
  1e300,
  2 ** 53,
  1.5,
  -0,
  null,
  true,
  '',
  [],
  {},
  [[]],
  ['file:///etc/passwd'],
  ['/etc/passwd', 0, 10],
  ['gs://b/x', 0, 1],
  ['javascript:alert(1)'],
  ['targets/nc4.nc', 0, 1e15],
  ['targets/nc4.nc', 1e9, 10],
  ['targets/nope.nc', 0, 4],
  ['{{ u }}', 0, 8],
  ['{{ nope }}'],
  ['{% for %}'],
  ['targets/nc4.nc', -5, 3],
  'base64:!!!',
  'base64:',
  'base64:AAE',
  '{{',
  '{"zarr_format": 2',
  '{"shape": [1e12, 1e12], "chunks": [1, 1]}',
  '{"_ARRAY_DIMENSIONS": [1, {}]}',
  '\u0000\uffff',
  'x'.repeat(10_000),
  { stop: 1e12 },
  { start: 0, stop: 5, step: 0 },
  [1, 2, 3],
  '{{ 2 ** 100 }}',
  '{{ f(c=1) }}',
  'https://127.0.0.1:1/x',
  's3://bucket/key',
];

type Json = unknown;
type Container = Record<string, Json> | Json[];

/** Every container (object or array) in the document with the path to it. */
function containers(doc: Json, out: Container[] = []): Container[] {
  if (typeof doc === 'object' && doc !== null) {
    out.push(doc as Container);
    for (const v of Object.values(doc)) containers(v, out);
  }
  return out;
}

export function mutate(rng: Rng, seed: Json): { doc: string; what: string } {
  const r = rng();
  const text = JSON.stringify(seed);
  if (r < 0.1) {
    const n = Math.floor(rng() * text.length);
    return { doc: text.slice(0, n), what: `truncated at ${n}` };
  }
  if (r < 0.2) {
    const b = new TextEncoder().encode(text);
    for (let k = 0; k < 1 + rng() * 4; k++) b[Math.floor(rng() * b.length)] = Math.floor(rng() * 256);
    return { doc: new TextDecoder().decode(b), what: 'bytes changed' };
  }
  const doc = JSON.parse(text) as Json;
  const edits: string[] = [];
  for (let k = 0; k < 1 + Math.floor(rng() * 3); k++) {
    const c = pick(rng, containers(doc));
    const keys = Object.keys(c);
    if (keys.length === 0) continue;
    const key = pick(rng, keys);
    const rec = c as Record<string, Json>;
    const e = rng();
    if (e < 0.15) {
      delete rec[key];
      edits.push(`drop ${key}`);
    } else if (e < 0.35 && typeof rec[key] === 'string' && (rec[key] as string).startsWith('{')) {
      // Damage an inline metadata document inside its string.
      const s = rec[key] as string;
      const i = Math.floor(rng() * s.length);
      rec[key] = s.slice(0, i) + pick(rng, ['', '9e99', '-', '"', '[', 'null', '{}', ',']) + s.slice(i + 1);
      edits.push(`inline ${key}@${i}`);
    } else if (e < 0.5 && typeof rec[key] === 'number') {
      rec[key] = pick(rng, [0, -1, 1e15, 2 ** 40, (rec[key] as number) + 1, (rec[key] as number) * 1000]);
      edits.push(`number ${key}`);
    } else {
      rec[key] = structuredClone(pick(rng, HOSTILE));
      edits.push(`value ${key}`);
    }
  }
  return { doc: JSON.stringify(doc), what: edits.join(', ') };
}

/** The Parquet reference folders: every file by its key in the folder (`/.zmetadata`, `/temp/refs.0.parq`). */
export const PARQUET_SEEDS = readdirSync(REFS)
  .filter((f) => f.endsWith('.parq'))
  .map((f) => ({
    name: f,
    files: new Map(
      files(join(REFS, f)).map((p) => [`/${relative(join(REFS, f), p)}`, new Uint8Array(readFileSync(p))] as const),
    ),
  }));

/** A folder store over files in memory. */
export function memoryFolder(files: ReadonlyMap<string, Uint8Array>, description: string): Store {
  return { description, get: (k: AbsolutePath) => Promise.resolve(files.get(k)) };
}

/**
 * A Parquet folder mutated: its `.zmetadata` as a JSON document (through `mutate`), or one record file's bytes
 * (changed, zeroed, truncated, swapped with another record file's).
 */
export function mutateParquet(
  rng: Rng,
  seed: { readonly files: ReadonlyMap<string, Uint8Array> },
): { files: Map<string, Uint8Array>; what: string } {
  const out = new Map(seed.files);
  const r = rng();
  if (r < 0.35) {
    const meta = JSON.parse(new TextDecoder().decode(out.get('/.zmetadata'))) as unknown;
    const m = mutate(rng, meta);
    out.set('/.zmetadata', new TextEncoder().encode(m.doc));
    return { files: out, what: `.zmetadata ${m.what}` };
  }
  const records = [...out.keys()].filter((k) => k.endsWith('.parq'));
  const key = pick(rng, records);
  const b = out.get(key)!.slice();
  if (r < 0.5) {
    const n = Math.floor(rng() * b.length);
    out.set(key, b.slice(0, n));
    return { files: out, what: `${key} truncated at ${n}` };
  }
  if (r < 0.55) {
    out.set(key, out.get(pick(rng, records))!);
    return { files: out, what: `${key} swapped` };
  }
  const edits: number[] = [];
  for (let k = 0; k < 1 + Math.floor(rng() * 4); k++) {
    // Most edits near the footer (the Thrift metadata and its length), the rest anywhere.
    const i = rng() < 0.6 ? Math.max(0, b.length - 1 - Math.floor(rng() * 64)) : Math.floor(rng() * b.length);
    b[i] = rng() < 0.5 ? b[i]! ^ (1 << Math.floor(rng() * 8)) : pick(rng, [0, 0xff, 0x7f, 0x80]);
    edits.push(i);
  }
  out.set(key, b);
  return { files: out, what: `${key} bytes ${edits.join(' ')}` };
}
