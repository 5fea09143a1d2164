/**
 * `zarrview dump` (-h and full) on netcdf-c's own CDL corpus (fixtures/corpus/, written by netcdf-c 4.9.3 ncgen
 * as NCZarr and pure Zarr; see fixtures/README.md) against ncdump main's output of the same store, or the
 * expectation fixtures/corpus/differences.json names for a deliberate difference. Needs no netcdf-c.
 * Cases listed in fixtures/corpus/not-yet-matching.json (written by scripts/fixtures/corpus-status.ts) are
 * skipped by name, and a listed case that now matches fails, so that list only shrinks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS,
  TRANSFORMS,
  comparable,
  compareCase,
  corpusCases,
  differences,
  expectedText,
  notYetMatching,
  zarrviewText,
} from '../../scripts/fixtures/corpus-compare';

const cases = corpusCases();
const pending = new Map(notYetMatching().map((e) => [e.case, e]));
const withRef = cases.filter((c) => c.reference);

describe('netcdf-c corpus: the lists are consistent', () => {
  it('has cases', () => {
    expect(withRef.length).toBeGreaterThan(300);
  });
  it('every case without a reference says why', () => {
    for (const c of cases.filter((x) => !x.reference)) expect(c.noReference, c.id).toMatch(/\S/);
  });
  it('every differences.json entry names an existing case, an expectation, its transforms, a reason and a FIDELITY.md section', () => {
    const ids = new Set(cases.map((c) => c.id));
    const fidelity = readFileSync(path.resolve(CORPUS, '../../FIDELITY.md'), 'utf8');
    for (const d of differences()) {
      expect(ids.has(d.case), d.case).toBe(true);
      expect(['main', 'nc4.main']).toContain(d.expected);
      for (const t of d.transforms) expect(Object.keys(TRANSFORMS), d.case).toContain(t.name);
      expect(d.reason, d.case).toMatch(/\S/);
      expect(fidelity, d.case).toContain(`\n## ${d.fidelity}\n`);
    }
  });
  it('every not-yet-matching entry names a case that has a reference', () => {
    const ids = new Set(withRef.map((c) => c.id));
    for (const id of pending.keys()) expect(ids.has(id), id).toBe(true);
  });
  it('every expected file exists', () => {
    for (const c of withRef) expect(existsSync(path.join(CORPUS, c.reference?.file ?? '')), c.id).toBe(true);
  });
});

describe('netcdf-c corpus: zarrview dump vs ncdump', () => {
  for (const c of withRef) {
    const p = pending.get(c.id);
    if (p) {
      it(`${c.id} is still listed in not-yet-matching.json (first difference, line ${p.line}: ${p.expected})`, async () => {
        const d = await compareCase(c);
        expect(d, `${c.id} now matches: rerun scripts/fixtures/corpus-status.ts to take it off the list`).toBeDefined();
      });
      continue;
    }
    it(`${c.id} (${c.reference?.from})`, async () => {
      expect(comparable(c, await zarrviewText(c))).toBe(comparable(c, expectedText(c)));
    });
  }
});
