/**
 * `zarrview dump` (-h, full, -h -s) of netcdf-c's own CDL corpus written as netCDF files of every kind (classic,
 * 64-bit offset, CDF-5, netCDF-4, netCDF-4 classic model) by netcdf-c main's ncgen (fixtures/corpus-files/, see
 * fixtures/README.md), against ncdump main's output of the same file, byte for byte. Where ncdump failed part-way,
 * its output up to the failure must be the start of ours. Needs no netcdf-c.
 * Cases listed in fixtures/corpus-files/not-yet-matching.json (written by scripts/fixtures/corpus-files-status.ts)
 * are skipped by name, and a listed case that now matches fails, so that list only shrinks.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_FILES,
  KINDS,
  OUTPUTS,
  compareFileCase,
  corpusIndex,
  fileCases,
  firstDifference,
  matches,
  notYetMatching,
  referenceText,
  zarrviewText,
} from '../../scripts/fixtures/corpus-files-compare';

const index = corpusIndex();
const cases = fileCases(index);
const pending = new Map(notYetMatching().map((e) => [e.case, e]));
const REFRESH = 'rerun `npm run corpus-files-status` to refresh fixtures/corpus-files/not-yet-matching.json';

describe('netcdf-c corpus as files: the lists are consistent', () => {
  it('has files of every kind and every output', () => {
    expect(cases.length).toBeGreaterThan(1000);
    for (const kind of KINDS)
      for (const output of OUTPUTS)
        expect(
          cases.some((c) => c.kind === kind && c.output === output),
          `${kind} ${output}`,
        ).toBe(true);
  });
  it('every kind not kept says why', () => {
    for (const e of index.cdls) {
      for (const [kind, k] of Object.entries(e.kinds)) {
        if (k.kept) continue;
        const why = (k as { error?: string; left_out?: string }).error ?? (k as { left_out?: string }).left_out;
        expect(why, `${e.dir}/${kind}`).toMatch(/\S/);
      }
    }
  });
  it('every file and output exists', () => {
    for (const c of cases) {
      expect(existsSync(path.join(CORPUS_FILES, c.file)), c.file).toBe(true);
      expect(existsSync(path.join(CORPUS_FILES, c.reference)), c.reference).toBe(true);
    }
  });
  it('every not-yet-matching entry names a case', () => {
    const ids = new Set(cases.map((c) => c.id));
    for (const [id, e] of pending) {
      expect(ids.has(id), `${id}: ${REFRESH}`).toBe(true);
      expect(e.category, id).toMatch(/\S/);
    }
  });
});

describe('netcdf-c corpus as files: zarrview dump vs ncdump main', () => {
  for (const c of cases) {
    const p = pending.get(c.id);
    if (p) {
      it(`${c.id} is still listed in not-yet-matching.json (${p.category}; line ${p.line}: ${p.expected})`, async () => {
        const d = await compareFileCase(c);
        expect(d, `${c.id} now matches: ${REFRESH}`).toBeDefined();
      });
      continue;
    }
    it(`${c.id}${c.prefix ? ' (ncdump fails part-way: its output is a prefix of ours)' : ''}`, async () => {
      const expected = referenceText(c);
      const got = await zarrviewText(c);
      if (matches(c, expected, got)) return;
      const d = firstDifference(expected, got, Boolean(c.prefix));
      expect.fail(
        `${c.id} differs from ncdump at line ${d?.line ?? '?'}:\n  ncdump:   ${d?.expected ?? ''}\n  zarrview: ${d?.got ?? ''}\n(${REFRESH} if this is expected)`,
      );
    });
  }
});
