/**
 * netCDF-3 header fuzzing: the committed netCDF-3 fixtures (fixtures/netcdf3/: classic, 64-bit offset, CDF-5, from
 * ncgen and scipy) with their headers damaged — random bytes, counts and lengths made huge, the version byte
 * swapped (so every field is read at the wrong width), cut short, zeroed — opened as a dropped file is (openStore
 * file → readDataset → a slice of every variable, small ones whole). Only the project's typed errors may come
 * out, and no case may exceed its budget.
 *
 * ZARRVIEW_NC3_FUZZ_SEED and ZARRVIEW_NC3_FUZZ_CASES change the run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataContext, readSlice } from '../../src/data/index';
import { isZarrviewError } from '../../src/errors';
import { readDataset, walkVariables } from '../../src/model/index';
import { openStore } from '../../src/opening/open-store';
import type { Rng } from '../../src/testing/seeded-rng';
import { describeError, fuzzCases } from './cases';
import { REPO_ROOT, writeCounts } from './counts';

const SEED = Number(process.env.ZARRVIEW_NC3_FUZZ_SEED ?? 20261125);
const CASES = Number(process.env.ZARRVIEW_NC3_FUZZ_CASES ?? 5_000);
const CASE_BUDGET_MS = 3_000;
/** Where the mutations aimed at the header fall (the fixtures' headers are shorter; c0's is the longest). */
const HEADER = 2048;

const int = (rng: Rng, n: number) => Math.floor(rng() * n);

type Mutation = (rng: Rng, b: Uint8Array) => Uint8Array;

const HUGE = [0xffffffff, 0x7fffffff, 0x10000000, 0x00010000, 0xfffffffe, 0];

const MUTATIONS: Record<string, Mutation> = {
  'header-bytes': (rng, b) => {
    const c = b.slice();
    for (let k = 1 + int(rng, 6); k > 0; k--) c[4 + int(rng, Math.min(HEADER, c.length) - 4)] = int(rng, 256);
    return c;
  },
  'huge-count': (rng, b) => {
    const c = b.slice();
    const words = Math.floor((Math.min(HEADER, c.length) - 4) / 4);
    const view = new DataView(c.buffer);
    for (let k = 1 + int(rng, 2); k > 0; k--) view.setUint32(4 + 4 * int(rng, words), HUGE[int(rng, HUGE.length)]!);
    return c;
  },
  'huge-size': (rng, b) => {
    const c = b.slice();
    const at = 4 + 4 * int(rng, Math.floor((Math.min(HEADER, c.length) - 12) / 4));
    new DataView(c.buffer).setBigUint64(at, [2n ** 63n - 1n, 2n ** 53n, 2n ** 40n, BigInt(c.length + 1)][int(rng, 4)]!);
    return c;
  },
  'version-byte': (rng, b) => {
    const c = b.slice();
    c[3] = [1, 2, 5][int(rng, 3)]!;
    return c;
  },
  'cut-header': (rng, b) => b.slice(0, int(rng, Math.min(HEADER, b.length))),
  truncated: (rng, b) => b.slice(0, int(rng, b.length)),
  'zeroed-range': (rng, b) => {
    const c = b.slice();
    const at = int(rng, Math.min(HEADER, c.length));
    c.fill(0, at, at + 1 + int(rng, 64));
    return c;
  },
  'random-bytes': (rng, b) => {
    const c = b.slice();
    for (let k = 1 + int(rng, 8); k > 0; k--) c[int(rng, c.length)] = int(rng, 256);
    return c;
  },
};

const ctx = createDataContext({ workers: false, cacheBytes: 1 << 20 });
/** Typed errors met (thrown or listed as problems): the damage was seen and reported. */
let typedErrors = 0;

async function runCase(bytes: Uint8Array, name: string): Promise<string[]> {
  const bad: string[] = [];
  const check = (what: string, e: unknown) => {
    if (!isZarrviewError(e)) bad.push(`${what} threw ${describeError(e)}`);
    else typedErrors++;
  };
  let opened;
  try {
    opened = await openStore({ kind: 'file', file: new Blob([bytes as Uint8Array<ArrayBuffer>]), name });
  } catch (e) {
    check('openStore', e);
    return bad;
  }
  let ds;
  try {
    ds = await readDataset(opened.store, { mode: opened.mode, name: 'fuzz' });
  } catch (e) {
    check('readDataset', e);
    return bad;
  }
  for (const p of ds.problems) check(`problem ${p.key}`, p.error);
  for (const v of walkVariables(ds.root)) {
    const small = v.shape.reduce((a, n) => a * n, 1) <= 4096;
    try {
      await readSlice(
        opened.store,
        v,
        v.shape.map((n) => (small || n === 0 ? null : 0)),
        { context: ctx, budgetBytes: 1 << 18 },
      );
    } catch (e) {
      check(`readSlice ${v.path}`, e);
    }
  }
  return bad;
}

describe('netCDF-3 header fuzzing', () => {
  it(`${CASES} damaged netCDF-3 files open with typed errors only, each within ${CASE_BUDGET_MS} ms`, async () => {
    const index = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/netcdf3/index.json'), 'utf8')) as {
      files: { path: string }[];
    };
    const files = index.files.map((f) => ({
      name: f.path,
      bytes: new Uint8Array(readFileSync(path.join(REPO_ROOT, 'fixtures/netcdf3', f.path))),
    }));
    expect(files.length).toBeGreaterThanOrEqual(50);
    expect(Math.max(...files.map((f) => f.bytes.length))).toBeGreaterThan(HEADER);
    // The undamaged files open cleanly: the harness itself is sound.
    for (const f of files) expect(await runCase(f.bytes, f.name)).toEqual([]);
    expect(typedErrors).toBe(0);
    const { crashes, hangs, slowest, kinds } = await fuzzCases({
      seed: SEED,
      cases: CASES,
      budgetMs: CASE_BUDGET_MS,
      inputs: files,
      kinds: Object.keys(MUTATIONS).sort(),
      name: (f) => f.name,
      run: (f, kind, rng) => runCase(MUTATIONS[kind]!(rng, f.bytes), f.name),
    });
    writeCounts({
      suite: 'netcdf3-fuzz',
      what: `openStore (dropped file) + readDataset + a slice of every variable on damaged bytes of ${files.length} netCDF-3 fixtures, seed ${SEED}`,
      cases: CASES,
      crashes: crashes.length,
      hangs: hangs.length,
      notes: `${typedErrors} typed errors reported; slowest case ${Math.round(slowest)} ms; ${kinds}`,
    });
    expect(crashes.slice(0, 5)).toEqual([]);
    expect(hangs.slice(0, 5)).toEqual([]);
  }, 600_000);
});
