/**
 * Seeded fuzzing of Icechunk repositories: one file of a fixture repository mutated (fuzz-cases.ts), then the
 * repository opened, its history read, and every branch, tag and snapshot it names opened as a store, read into
 * the model and every variable read. Each case must end with a result or a typed error within a time bound.
 * Replay one case: ICECHUNK_FUZZ_CASE=<n> npx vitest run src/formats/icechunk/fuzz.test.ts
 */
import { expect, it } from 'vitest';
import { writeCounts } from '../../../scripts/reliability/counts';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { isZarrviewError } from '../../errors';
import { readDataset } from '../../model/index';
import type { Group, Variable } from '../../model/types';
import { fuzzCase, fuzzTally } from '../../testing/fuzz-case';
import { seededRng } from '../../testing/seeded-rng';
import { SEEDS, memoryStore, mutate, pick, targetStore } from './fuzz-cases';
import { IcechunkRepository, type VersionRef } from './repository';
import { IcechunkStore } from './store';

const CASES = Number(process.env.ICECHUNK_FUZZ_CASES ?? 2400);
const ONLY = process.env.ICECHUNK_FUZZ_CASE === undefined ? undefined : Number(process.env.ICECHUNK_FUZZ_CASE);
/** A case answering later than this is a hang (generous: the suite may share two cores with a browser). */
const CASE_MS = 5000;

/** Runs parts of a case: a typed error of one part does not stop the others; the case ends with the first. */
function parts() {
  let first: unknown;
  return {
    async run(f: () => Promise<unknown>): Promise<void> {
      try {
        await f();
      } catch (e) {
        if (!isZarrviewError(e)) throw e;
        first ??= e;
      }
    },
    end(): void {
      if (first !== undefined) throw first;
    },
  };
}

it(`survives ${CASES} mutated Icechunk repositories with typed errors only`, { timeout: 900_000 }, async () => {
  const ctx = createDataContext({ workers: false });
  const tally = fuzzTally();
  for (let n = ONLY ?? 0; n < (ONLY === undefined ? CASES : ONLY + 1); n++) {
    const rng = seededRng(0x4943_4543 + n);
    const seed = pick(rng, SEEDS);
    const m = mutate(rng, seed);
    const label = `case ${n}: ${seed.name}, ${m.what}`;
    await fuzzCase(tally, label, CASE_MS, async () => {
      const repo = await IcechunkRepository.open(memoryStore(m.files, seed.name), `${seed.name}/`);
      if (!repo) return;
      const typed = parts();
      const versions: VersionRef[] = [{ kind: 'branch', name: 'main' }];
      await typed.run(async () => {
        const h = await repo.history();
        for (const b of h.branches.keys()) versions.push({ kind: 'branch', name: b });
        for (const t of h.tags.keys()) versions.push({ kind: 'tag', name: t });
        for (const s of h.snapshots.slice(0, 1)) versions.push({ kind: 'snapshot', name: s.id });
      });
      for (const version of versions)
        await typed.run(async () => {
          const snap = await repo.snapshot(await repo.resolve(version));
          const store = new IcechunkStore(repo, snap, {
            openTarget: (t) => Promise.resolve({ store: targetStore(m.targets, t.url), key: '/' }),
            base: { kind: 'remote', url: `s3://zarrview/fixtures/icechunk/${seed.name}/` },
            description: seed.name,
            version,
          });
          const ds = await readDataset(store, { name: 'fuzz' });
          const vars: Variable[] = [];
          const walk = (g: Group) => {
            vars.push(...g.variables);
            g.groups.forEach(walk);
          };
          walk(ds.root);
          for (const v of vars) await typed.run(() => readSlice(store, v, [], { context: ctx, budgetBytes: 2 ** 24 }));
          await typed.run(() => store.sources());
        });
      typed.end();
    });
  }
  console.log(
    'icechunk fuzz outcomes:',
    Object.fromEntries(tally.outcomes),
    `slowest case ${Math.round(tally.slowest)} ms`,
  );
  if (ONLY === undefined)
    writeCounts({
      suite: 'icechunk-fuzz',
      what: `Icechunk repositories (repo info, snapshot and manifest files: headers, zstd, FlatBuffers; spec-1 refs; chunk objects and virtual targets; history, every branch, tag and snapshot, the model, every variable read) on ${CASES} mutated copies of fixtures/icechunk/spec1 and spec2`,
      cases: CASES,
      crashes: tally.failures.filter((f) => f.includes('untyped')).length,
      hangs: tally.failures.filter((f) => !f.includes('untyped')).length,
      notes: `slowest case ${Math.round(tally.slowest)} ms; ${[...tally.outcomes]
        .sort()
        .map(([k, c]) => `${k} ${c}`)
        .join(', ')}`,
    });
  expect(tally.failures.slice(0, 20)).toEqual([]);
});
