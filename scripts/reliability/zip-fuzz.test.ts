/**
 * Zip container fuzzing: the committed zip fixtures (netcdf-c NCZarr zips, a zarr-python ZipStore) with their bytes
 * damaged — random bytes, the central directory and end record overwritten, sizes and offsets made huge, cut
 * short, junk around them — opened as a dropped file is (openStore zip-file → readDataset → a slice of every
 * variable, small ones whole). Only the project's typed errors may come out, and no case may exceed its budget.
 * (The metadata inside the zips is the same as in their folder twins, which the metadata fuzzer covers.)
 *
 * ZARRVIEW_ZIP_FUZZ_SEED and ZARRVIEW_ZIP_FUZZ_CASES change the run.
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

const SEED = Number(process.env.ZARRVIEW_ZIP_FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.ZARRVIEW_ZIP_FUZZ_CASES ?? 1_000);
const CASE_BUDGET_MS = 3_000;

const int = (rng: Rng, n: number) => Math.floor(rng() * n);

type Mutation = (rng: Rng, b: Uint8Array) => Uint8Array;

/** Each returns a damaged copy; the zip's own structures sit mostly in its last few hundred bytes. */
const MUTATIONS: Record<string, Mutation> = {
  'random-bytes': (rng, b) => {
    const c = b.slice();
    for (let k = 1 + int(rng, 8); k > 0; k--) c[int(rng, c.length)] = int(rng, 256);
    return c;
  },
  'directory-bytes': (rng, b) => {
    const c = b.slice();
    const from = Math.max(0, c.length - 400);
    for (let k = 1 + int(rng, 6); k > 0; k--) c[from + int(rng, c.length - from)] = int(rng, 256);
    return c;
  },
  'huge-field': (rng, b) => {
    const c = b.slice();
    const at = Math.max(0, c.length - 400) + int(rng, Math.min(400, c.length) - 4);
    new DataView(c.buffer).setUint32(
      at,
      [0xffffffff, 0x7fffffff, 0x10000000, c.length + 1][int(rng, 4)] as number,
      true,
    );
    return c;
  },
  truncated: (rng, b) => b.slice(0, int(rng, b.length)),
  'cut-tail': (rng, b) => b.slice(0, Math.max(0, b.length - 1 - int(rng, 64))),
  'junk-around': (rng, b) => {
    const junk = (n: number) => Uint8Array.from({ length: n }, () => int(rng, 256));
    const before = rng() < 0.5 ? junk(int(rng, 300)) : new Uint8Array();
    const after = junk(1 + int(rng, 300));
    const c = new Uint8Array(before.length + b.length + after.length);
    c.set(before);
    c.set(b, before.length);
    c.set(after, before.length + b.length);
    return c;
  },
  'zeroed-range': (rng, b) => {
    const c = b.slice();
    const at = int(rng, c.length);
    c.fill(0, at, at + 1 + int(rng, 256));
    return c;
  },
};

const ctx = createDataContext({ workers: false, cacheBytes: 1 << 20 });
/** Typed errors met (thrown or listed as problems): the damage was seen and reported. */
let typedErrors = 0;

async function runCase(bytes: Uint8Array, name: string, mode: string): Promise<string[]> {
  const bad: string[] = [];
  const check = (what: string, e: unknown) => {
    if (!isZarrviewError(e)) bad.push(`${what} threw ${describeError(e)}`);
    else typedErrors++;
  };
  let opened;
  try {
    opened = await openStore({ kind: 'zip-file', file: new Blob([bytes as Uint8Array<ArrayBuffer>]), name });
  } catch (e) {
    check('openStore', e);
    return bad;
  }
  let ds;
  try {
    ds = await readDataset(opened.store, { mode: { nczarr: mode.includes('nczarr') || undefined }, name: 'fuzz' });
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

describe('zip container fuzzing', () => {
  it(`${CASES} damaged zips open with typed errors only, each within ${CASE_BUDGET_MS} ms`, async () => {
    const index = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/index.json'), 'utf8')) as {
      datasets: { path: string; mode: string }[];
    };
    const zips = index.datasets
      .filter((d) => d.path.endsWith('.zip'))
      .map((d) => ({
        name: path.basename(d.path),
        mode: d.mode,
        bytes: new Uint8Array(readFileSync(path.join(REPO_ROOT, d.path))),
      }));
    expect(zips.length).toBeGreaterThanOrEqual(4);
    // The undamaged zips open cleanly: the harness itself is sound.
    for (const z of zips) expect(await runCase(z.bytes, z.name, z.mode)).toEqual([]);
    expect(typedErrors).toBe(0);
    const { crashes, hangs, slowest, kinds } = await fuzzCases({
      seed: SEED,
      cases: CASES,
      budgetMs: CASE_BUDGET_MS,
      inputs: zips,
      kinds: Object.keys(MUTATIONS).sort(),
      name: (z) => z.name,
      run: (z, kind, rng) => runCase(MUTATIONS[kind]!(rng, z.bytes), z.name, z.mode),
    });
    writeCounts({
      suite: 'zip-fuzz',
      what: `openStore (dropped zip) + readDataset + a slice of every variable on damaged bytes of ${zips.length} zip fixtures, seed ${SEED}`,
      cases: CASES,
      crashes: crashes.length,
      hangs: hangs.length,
      notes: `${typedErrors} typed errors reported; slowest case ${Math.round(slowest)} ms; ${kinds}`,
    });
    expect(crashes.slice(0, 5)).toEqual([]);
    expect(hangs.slice(0, 5)).toEqual([]);
  }, 600_000);
});
