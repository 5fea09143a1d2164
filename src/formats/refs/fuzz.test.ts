/**
 * Seeded fuzzing of kerchunk references. JSON: the fixture documents (fixtures/refs/*.json) mutated — values
 * replaced by hostile ones (huge numbers, `file:`/local/other-scheme URLs, broken templates, bad base64,
 * wrong types), keys dropped, `gen` dimensions blown up, inline metadata and the text itself damaged.
 * Parquet: the fixture folders (fixtures/refs/*.parq) with `.zmetadata` mutated the same way or a record
 * file's bytes damaged. Each is opened as a reference store (targets served from fixtures/refs/ in memory,
 * anything else missing), read into the model, and every variable read; each case must end with a result or
 * a typed error, within a time bound. Replay one case: REFS_FUZZ_CASE=<n> npx vitest run src/formats/refs/fuzz.test.ts
 */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { writeCounts } from '../../../scripts/reliability/counts';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { isZarrviewError } from '../../errors';
import { readDataset } from '../../model/index';
import type { Variable } from '../../model/types';
import type { Store } from '../../store/types';
import { seededRng } from '../../testing/seeded-rng';
import { fuzzCase, fuzzTally } from '../../testing/fuzz-case';
import { BASE, PARQUET_SEEDS, SEEDS, memoryFolder, mutate, mutateParquet, pick, target } from './fuzz-cases';
import { parseReferences, type ReferenceSet } from './parse';
import { parquetReferences } from './parquet';
import { ReferenceStore } from './store';

/** Cases in all; every third one is a Parquet folder. */
const CASES = Number(process.env.REFS_FUZZ_CASES ?? 3000);
const ONLY = process.env.REFS_FUZZ_CASE === undefined ? undefined : Number(process.env.REFS_FUZZ_CASE);
const CASE_MS = 2000;

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
  const tally = fuzzTally();
  const { outcomes, failures } = tally;
  for (let n = ONLY ?? 0; n < (ONLY === undefined ? CASES : ONLY + 1); n++) {
    const rng = seededRng(0x5245_4653 + n);
    const parquet = n % 3 === 2;
    let open: () => Promise<ReferenceSet>;
    let label: string;
    let name: string;
    if (parquet) {
      const seed = pick(rng, PARQUET_SEEDS);
      const m = mutateParquet(rng, seed);
      name = seed.name;
      open = () => parquetReferences(memoryFolder(m.files, seed.name), seed.name);
      label = `case ${n}: ${seed.name}, ${m.what}`;
    } else {
      const seed = pick(rng, SEEDS);
      const m = mutate(rng, seed.json);
      name = seed.name;
      open = () => Promise.resolve(parseReferences(m.doc, { description: seed.name }));
      label = `case ${n}: ${seed.name}, ${m.what}`;
    }
    if (process.env.REFS_FUZZ_LOG) appendFileSync(process.env.REFS_FUZZ_LOG, `${label}\n`);
    await fuzzCase(tally, label, CASE_MS, async () => {
      const set = await open();
      const store = new ReferenceStore(
        set,
        { kind: 'remote', url: `${BASE}${name}` },
        {
          description: name,
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
    });
  }
  console.log('refs fuzz outcomes:', Object.fromEntries(outcomes), `slowest case ${Math.round(tally.slowest)} ms`);
  if (ONLY === undefined)
    writeCounts({
      suite: 'refs-fuzz',
      what: `kerchunk references (JSON: parse, templates and gen; Parquet: .zmetadata and record files; targets, the store, the model, every variable read) on ${CASES} mutated reference sets of fixtures/refs/ (a third of them Parquet)`,
      cases: CASES,
      crashes: failures.filter((f) => f.includes('untyped')).length,
      hangs: failures.filter((f) => !f.includes('untyped')).length,
      notes: `slowest case ${Math.round(tally.slowest)} ms; ${[...outcomes]
        .sort()
        .map(([k, c]) => `${k} ${c}`)
        .join(', ')}`,
    });
  expect(failures.slice(0, 20)).toEqual([]);
});
