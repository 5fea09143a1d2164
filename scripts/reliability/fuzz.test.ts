/**
 * Metadata fuzzing: every fixture's metadata documents, mutated one per case by the seeded mutator, served from
 * memory and opened with readDataset (and for every SAMPLE-th case: CDL printed, a small slice read). Only the
 * project's typed errors may come out — thrown or listed as problems — and no case may exceed its time budget.
 *
 * ZARRVIEW_FUZZ_SEED and ZARRVIEW_FUZZ_CASES change the run; a failure names the seed and case to replay it
 * (ZARRVIEW_FUZZ_ONLY=<case>).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { formatVariableData, printCdl } from '../../src/cdl/index';
import { createDataContext, readSlice } from '../../src/data/index';
import { isZarrviewError } from '../../src/errors';
import { readDataset, walkVariables } from '../../src/model/index';
import type { DimSelection, Slice } from '../../src/api';
import { describeError, withDeadline } from './cases';
import { REPO_ROOT, writeCounts } from './counts';
import { type MemoryFixture, loadFixtures, overlayStore } from './fixture-store';
import { mutate, seededRng } from './mutate';
import { namedByFiles, nodePaths, survival } from './survival';
import type { Dataset } from '../../src/model/types';

const SEED = Number(process.env.ZARRVIEW_FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.ZARRVIEW_FUZZ_CASES ?? 10_000);
/** A file that names the case in progress (for a case that kills the process: out of memory, stack). */
const TRACE = process.env.ZARRVIEW_FUZZ_TRACE;
const ONLY = process.env.ZARRVIEW_FUZZ_ONLY === undefined ? undefined : Number(process.env.ZARRVIEW_FUZZ_ONLY);
/** Every SAMPLE-th case also prints CDL and reads a slice. */
const SAMPLE = 4;
/** A case slower than this counts as a hang (generous: the machine is shared). */
const CASE_BUDGET_MS = 3_000;

interface Failure {
  readonly caseNo: number;
  readonly fixture: string;
  readonly key: string;
  readonly kind: string;
  readonly what: string;
  readonly text: string;
}

const enc = new TextEncoder();

/** Runs one case; returns the untyped errors it met (empty when all is well) and the dataset if it opened. */
async function runCase(
  f: MemoryFixture,
  key: string,
  text: string,
  sample: boolean,
): Promise<{ bad: string[]; ds?: Dataset }> {
  const bad: string[] = [];
  const store = overlayStore(f.files, new Map([[key, enc.encode(text)]]));
  let ds;
  try {
    ds = await readDataset(store, { mode: f.mode, name: 'fuzz' });
  } catch (e) {
    if (!isZarrviewError(e)) bad.push(`readDataset threw ${describeError(e)}`);
    return { bad };
  }
  for (const p of ds.problems)
    if (!isZarrviewError(p.error)) bad.push(`problem ${p.key} holds ${describeError(p.error)}`);
  if (!sample) return { bad, ds };
  // The mutated array if the document was one (else the first): its whole data when small, else one element.
  const all = walkVariables(ds.root);
  const v = all.find((x) => key.startsWith(`${x.zarr.key}/`)) ?? all[0];
  let slice: Slice | undefined;
  if (v) {
    const small = v.shape.reduce((a, n) => a * n, 1) <= 4096;
    const selection: DimSelection[] = v.shape.map((n) => (small || n === 0 ? null : 0));
    try {
      slice = await readSlice(store, v, selection, { context: ctx, budgetBytes: 1 << 18 });
    } catch (e) {
      if (!isZarrviewError(e)) bad.push(`readSlice threw ${describeError(e)}`);
    }
  }
  try {
    printCdl(ds, {
      special: true,
      data: (x, indent) => (x === v && slice ? formatVariableData(x, slice, indent) : undefined),
    });
  } catch (e) {
    bad.push(`printCdl threw ${describeError(e)}`);
  }
  return { bad, ds };
}

const ctx = createDataContext({ workers: false, cacheBytes: 1 << 20 });

describe('metadata fuzzing', () => {
  it(`${CASES} mutated metadata documents open with typed errors only, each within ${CASE_BUDGET_MS} ms`, async () => {
    const fixtures = loadFixtures();
    expect(fixtures.length).toBeGreaterThan(20);
    const crashes: Failure[] = [];
    const hangs: Failure[] = [];
    const kinds = new Map<string, number>();
    // Blast radius: per case, the nodes of the unmutated dataset the document does not describe, and how many of
    // them the mutated dataset still shows (survival.ts). One line per case in metadata-fuzz-survival.jsonl.
    const baselines = new Map<string, Dataset>();
    // Every node the unmutated files name is in the baseline (whatever its name): otherwise the survival count
    // below, measured against the baseline, could not see a node lost before any mutation.
    let named = 0;
    const namedMissing: string[] = [];
    for (const f of fixtures) {
      const b = await readDataset(overlayStore(f.files), { mode: f.mode, name: 'fuzz' });
      baselines.set(f.name, b);
      const shown = nodePaths(b);
      for (const p of namedByFiles(f.files.keys())) {
        named++;
        if (!shown.has(p)) namedMissing.push(`${f.name}: ${p}`);
      }
    }
    const perCase: string[] = [];
    const losses: Failure[] = [];
    let untouched = 0;
    let survived = 0;
    let cases = 0;
    let slowest = 0;
    const t0 = performance.now();
    for (let i = 0; i < CASES; i++) {
      if (ONLY !== undefined && i !== ONLY) continue;
      const rng = seededRng(SEED + i * 7919);
      const f = fixtures[i % fixtures.length] as MemoryFixture;
      const key = f.metaKeys[Math.floor(rng() * f.metaKeys.length)] as string;
      // One document per case, mutated once or (a third of the time) twice.
      let m = mutate(rng, f.metadata.get(key) as string);
      if (rng() < 1 / 3) {
        const again = mutate(rng, m.text);
        m = { kind: `${m.kind}+${again.kind}`, text: again.text };
      }
      for (const k of m.kind.split('+')) kinds.set(k, (kinds.get(k) ?? 0) + 1);
      if (TRACE) writeFileSync(TRACE, `case ${i} ${f.name} ${key} ${m.kind}\n${m.text.slice(0, 2000)}\n`);
      const start = performance.now();
      const result = await withDeadline(runCase(f, key, m.text, i % SAMPLE === 0), CASE_BUDGET_MS * 2);
      const ms = performance.now() - start;
      slowest = Math.max(slowest, ms);
      cases++;
      const base = { caseNo: i, fixture: f.name, key, kind: m.kind, text: m.text.slice(0, 300) };
      if (result === 'hang' || ms > CASE_BUDGET_MS) hangs.push({ ...base, what: `took ${Math.round(ms)} ms` });
      else if (result.bad.length > 0) crashes.push({ ...base, what: result.bad.join('\n') });
      if (result !== 'hang') {
        const s = survival(baselines.get(f.name) as Dataset, result.ds, key, f.metadata.get(key) as string, m.text);
        untouched += s.untouched;
        survived += s.survived;
        perCase.push(
          JSON.stringify({
            case: i,
            fixture: f.name,
            key,
            kind: m.kind,
            untouched: s.untouched,
            survived: s.survived,
            ...(s.lost.length ? { lost: s.lost.slice(0, 20) } : {}),
          }),
        );
        if (s.lost.length > 0)
          losses.push({ ...base, what: `${s.lost.length} untouched nodes lost: ${s.lost.slice(0, 5).join(', ')}` });
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    writeCounts({
      suite: 'metadata-fuzz',
      what: `readDataset (+ printCdl, readSlice every ${SAMPLE}th case) on mutated metadata of ${fixtures.length} fixtures, seed ${SEED}`,
      cases,
      crashes: crashes.length,
      hangs: hangs.length,
      nodesUntouched: untouched,
      nodesSurvived: survived,
      nodesNamed: named,
      nodesNamedMissing: namedMissing.length,
      notes: `${seconds.toFixed(0)} s, slowest case ${Math.round(slowest)} ms; ${[...kinds]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    });
    const show = (list: Failure[]) =>
      list
        .slice(0, 5)
        .map((c) => `case ${c.caseNo} (seed ${SEED}) ${c.fixture} ${c.key} [${c.kind}]: ${c.what}\n  text: ${c.text}`)
        .join('\n\n');
    const dir = path.join(REPO_ROOT, 'test-results', 'reliability');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'metadata-fuzz-survival.jsonl'), `${perCase.join('\n')}\n`);
    expect(namedMissing, 'nodes the unmutated files name, missing from the model').toEqual([]);
    expect(crashes.length, `untyped errors:\n${show(crashes)}`).toBe(0);
    expect(losses.length, `untouched nodes lost (${survived} of ${untouched} shown):\n${show(losses)}`).toBe(0);
    expect(hangs.length, `over budget:\n${show(hangs)}`).toBe(0);
    if (ONLY === undefined) expect(cases).toBe(CASES);
  }, 600_000);
});
