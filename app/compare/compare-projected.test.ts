/**
 * Regrids through grid mappings as the Compare view does them (readPair, then pairDifference): a projected B onto a
 * lat/lon A, a lat/lon B onto a projected A, and a projected B onto an A of another mapping; B's value on each of
 * A's cells equal to scipy's nearest neighbour on the unit sphere over pyproj's cell positions
 * (fixtures/compare/expected/mappings.json, scripts/fixtures/make-compare-mappings.py).
 */
import { describe, expect, it } from 'vitest';
import { expected, fromJson, openFixture } from '../../src/compare/testing/fixtures';
import { findVariable } from '../core';
import { pairDifference, readPair } from './compare-read';

interface Case {
  readonly name: string;
  readonly a: [string, string, string];
  readonly b: [string, string, string];
  readonly shape: [number, number];
  readonly b_on_a: (number | null)[];
}

const open = ([dir, name]: [string, string, string]) => openFixture(dir === 'compare' ? name : `../${dir}/${name}`);
const signal = new AbortController().signal;

describe('regridding through grid mappings', () => {
  const { cases } = expected<{ cases: Case[] }>('mappings.json');
  for (const c of cases)
    it(`${c.name}: B's nearest cell on every one of A's ${c.b_on_a.length} cells, as scipy's`, async () => {
      const [a, b] = await Promise.all([open(c.a), open(c.b)]);
      const va = findVariable(a.model.root, c.a[2])!;
      const vb = findVariable(b.model.root, c.b[2])!;
      const p = await readPair(a, va, [0, null, null], { x: 2, y: 1 }, b, vb, 'coords', signal);
      expect(p.problem).toBeNull();
      expect(p.projected).not.toBeNull();
      const d = await pairDifference(a, p, 'nearest', signal);
      const names = [c.b[1], c.a[1]].flatMap((n) =>
        n.startsWith('lambert') ? ['lambert_conformal_conic'] : n.startsWith('polar') ? ['polar_stereographic'] : [],
      );
      expect(d.label).toMatch(/^B regridded onto A's grid \(nearest neighbour, through /);
      for (const n of names) expect(d.label).toContain(n);
      expect([d.bOnA.ny, d.bOnA.nx]).toEqual(c.shape);
      const want = fromJson(c.b_on_a);
      const got = Array.from(d.bOnA.values, (v) => (Number.isNaN(v) ? null : Math.fround(v)));
      const bad = got.flatMap((v, i) =>
        v === (Number.isNaN(want[i]!) ? null : Math.fround(want[i]!)) ? [] : [[i, v, want[i]]],
      );
      expect(bad).toEqual([]);
      expect(c.b_on_a.filter((v) => v !== null).length).toBeGreaterThanOrEqual(100);
    });
});
