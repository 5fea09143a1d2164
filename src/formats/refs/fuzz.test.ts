/**
 * Seeded fuzzing of kerchunk JSON references: the fixture documents (fixtures/refs/*.json) mutated — values
 * replaced by hostile ones (huge numbers, `file:`/local/other-scheme URLs, broken templates, bad base64,
 * wrong types), keys dropped, `gen` dimensions blown up, inline metadata and the text itself damaged — then
 * opened as a reference store (targets served from fixtures/refs/ in memory, anything else missing), read
 * into the model, and every variable read. Each case must end with a result or a typed error, within a time
 * bound. Replay one case: REFS_FUZZ_CASE=<n> npx vitest run src/formats/refs/fuzz.test.ts
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { writeCounts } from '../../../scripts/reliability/counts';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { isZarrviewError } from '../../errors';
import { readDataset } from '../../model/index';
import type { Variable } from '../../model/types';
import type { Store } from '../../store/types';
import { seededRng, type Rng } from '../../testing/seeded-rng';
import { parseReferences } from './parse';
import { ReferenceStore } from './store';
import { REFS } from './testing';

const CASES = Number(process.env.REFS_FUZZ_CASES ?? 2500);
const ONLY = process.env.REFS_FUZZ_CASE === undefined ? undefined : Number(process.env.REFS_FUZZ_CASE);
const CASE_MS = 2000;
const BASE = 'https://fuzz.invalid/refs/';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}
const OBJECTS = new Map(
  files(join(REFS, 'targets')).map((f) => [`${BASE}${relative(REFS, f)}`, new Uint8Array(readFileSync(f))]),
);
const SEEDS = readdirSync(REFS)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.values.json'))
  .map((f) => ({ name: f, json: JSON.parse(readFileSync(join(REFS, f), 'utf8')) as unknown }));

/** A target store over the in-memory fixture objects. */
function target(url: string): Store {
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

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

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

function mutate(rng: Rng, seed: Json): { doc: string; what: string } {
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

async function all(v: Variable[], store: Store, ctx: ReturnType<typeof createDataContext>): Promise<void> {
  for (const x of v) {
    try {
      await readSlice(store, x, [], { context: ctx, budgetBytes: 2 ** 24 });
    } catch (e) {
      if (!isZarrviewError(e)) throw e;
    }
  }
}

it(`survives ${CASES} mutated reference documents with typed errors only`, { timeout: 600_000 }, async () => {
  const ctx = createDataContext({ workers: false });
  const outcomes = new Map<string, number>();
  const failures: string[] = [];
  let slowest = 0;
  for (let n = 0; n < CASES; n++) {
    if (ONLY !== undefined && n !== ONLY) continue;
    const rng = seededRng(0x5245_4653 + n);
    const seed = pick(rng, SEEDS);
    const { doc, what } = mutate(rng, seed.json);
    const label = `case ${n}: ${seed.name}, ${what}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), CASE_MS)));
    const started = performance.now();
    try {
      const run = (async () => {
        const set = parseReferences(doc, { description: seed.name });
        const store = new ReferenceStore(
          set,
          { kind: 'remote', url: `${BASE}${seed.name}` },
          {
            description: seed.name,
            openTarget: (t) => Promise.resolve({ store: target(t.url), key: '/' }),
          },
        );
        const ds = await readDataset(store, { name: 'fuzz' });
        const vars: Variable[] = [];
        const walk = (g: typeof ds.root) => {
          vars.push(...g.variables);
          g.groups.forEach(walk);
        };
        walk(ds.root);
        await all(vars, store, ctx);
      })();
      const r = await Promise.race([run.then(() => 'ok' as const), hang]);
      if (r === 'hang') failures.push(`${label}: no answer within ${CASE_MS} ms`);
      outcomes.set(r, (outcomes.get(r) ?? 0) + 1);
    } catch (e) {
      if (!isZarrviewError(e)) failures.push(`${label}: untyped ${String(e)}${e instanceof Error ? e.stack : ''}`);
      else outcomes.set(e.code, (outcomes.get(e.code) ?? 0) + 1);
    } finally {
      clearTimeout(timer);
    }
    const took = performance.now() - started;
    slowest = Math.max(slowest, took);
    if (took > CASE_MS) failures.push(`${label}: took ${Math.round(took)} ms`);
  }
  console.log('refs fuzz outcomes:', Object.fromEntries(outcomes), `slowest case ${Math.round(slowest)} ms`);
  if (ONLY === undefined)
    writeCounts({
      suite: 'refs-fuzz',
      what: `kerchunk JSON references (parse, templates and gen, targets, the store, the model, every variable read) on ${CASES} mutated reference documents of fixtures/refs/`,
      cases: CASES,
      crashes: failures.filter((f) => f.includes('untyped')).length,
      hangs: failures.filter((f) => !f.includes('untyped')).length,
      notes: `slowest case ${Math.round(slowest)} ms; ${[...outcomes]
        .sort()
        .map(([k, c]) => `${k} ${c}`)
        .join(', ')}`,
    });
  expect(failures.slice(0, 20)).toEqual([]);
});
