/**
 * The pair read as the Compare view reads it when B lies on a grid of cells: meshes-latlon.nc's S (A, a 9-degree
 * lat/lon grid) against the ICON-like mesh and a HEALPix field (fixtures/compare/expected/meshes.json,
 * scripts/fixtures/make-compare-meshes.py): B's slice keeps its cell dimension whole and follows A's time, and
 * A − B on A's grid equals the script's (shapely's containing cell, healpy's pixel; area-weighted by sampling).
 */
import { describe, expect, it } from 'vitest';
import { expected, openFixture } from '../../src/compare/testing/fixtures';
import { findVariable } from '../core';
import { decodeCompare, encodeCompare } from '../share/compare-link';
import { compareCode } from './compare-code';
import { gridsMatch, pairDifference, readPair } from './compare-read';

interface Case {
  readonly name: string;
  readonly a: [string, string, string];
  readonly b: [string, string, string];
  readonly difference: (number | null)[];
  readonly ambiguous: number[];
  readonly samples?: number;
}

const want = expected<{ cases: Case[] }>('meshes.json');
const meshes = (file: string) => openFixture(`../meshes/${file}`);

describe('a lat/lon A against a B on a grid of cells', async () => {
  const a = await openFixture('meshes-latlon.nc');
  const s = findVariable(a.model.root, '/S')!;
  const signal = new AbortController().signal;

  for (const c of want.cases.filter((x) => x.name.startsWith('grid-')))
    it(`${c.name}: B's cells linked by time, A − B as the script's`, async () => {
      const b = await meshes(c.b[1]);
      const v = findVariable(b.model.root, c.b[2])!;
      const p = await readPair(a, s, [0, null, null], { x: 2, y: 1 }, b, v, 'coords', signal);
      expect(p.problem).toBeNull();
      expect(p.cells).not.toBeNull();
      expect(p.selB).toEqual([0, null]);
      // ugrid.nc's time has no coordinate variable: linked by index.
      expect(p.linkText).toEqual(c.name === 'grid-ugrid' ? [] : ['time → time: 2000-01-01 00:00:00']);
      expect([p.b!.grid.ny, p.b!.grid.nx]).toEqual([1, v.shape[1]]);
      expect(gridsMatch(p)).toBe(false);
      expect(
        compareCode({
          urlA: 'a',
          urlB: 'b',
          varA: '/S',
          varB: c.b[2],
          selA: [0, null, null],
          pair: p,
          method: 'nearest',
          sameGrid: false,
        }),
      ).toContain("each of A's cells takes the value of B's cell containing its centre");
      const sampled = c.samples !== undefined;
      const d = await pairDifference(a, p, sampled ? 'area' : 'nearest', signal);
      expect(d.label).toContain(
        sampled ? `area-weighted by sampling, ${c.samples}×${c.samples} points per cell` : 'nearest: containing cell',
      );
      const skip = new Set(c.ambiguous);
      const bad = c.difference.flatMap((w, i) => {
        const got = d.grid.values[i]!;
        if (skip.has(i)) return [];
        const ok = w === null ? Number.isNaN(got) : Math.abs(got - w) <= 1e-4 * Math.max(1, Math.abs(w));
        return ok ? [] : [`${i}: ${got} vs ${w}`];
      });
      expect(bad).toEqual([]);
    });

  it('bilinear, not offered for a B on cells, is the containing cell', async () => {
    const b = await meshes('icon-like.nc');
    const p = await readPair(
      a,
      s,
      [0, null, null],
      { x: 2, y: 1 },
      b,
      findVariable(b.model.root, '/S')!,
      'coords',
      signal,
    );
    const d = await pairDifference(a, p, 'linear', signal);
    expect(d.label).toBe("B regridded onto A's grid (nearest: containing cell of B's ICON-like mesh)");
  });

  for (const c of want.cases.filter((x) => !x.name.startsWith('grid-')))
    it(`${c.name}: an A on a grid of cells against B's, A − B on A's cells as the script's`, async () => {
      const [da, db] = await Promise.all([meshes(c.a[1]), meshes(c.b[1])]);
      const va = findVariable(da.model.root, c.a[2])!;
      const vb = findVariable(db.model.root, c.b[2])!;
      const p = await readPair(da, va, [0, null], { x: 1, y: 1 }, db, vb, 'coords', signal);
      expect(p.problem).toBeNull();
      expect([p.cellsA, p.cells].every((x) => x !== null)).toBe(true);
      expect([p.a.grid.ny, p.a.grid.nx]).toEqual([1, va.shape[1]]);
      const d = await pairDifference(da, p, 'area', signal);
      // Sampling needs a lat/lon A: the containing cell at A's centres.
      expect(d.label).toContain('nearest: containing cell of B');
      const skip = new Set(c.ambiguous);
      const bad = c.difference.flatMap((w, i) => {
        const got = d.grid.values[i]!;
        if (skip.has(i)) return [];
        const ok = w === null ? Number.isNaN(got) : Math.abs(got - w) <= 1e-4 * Math.max(1, Math.abs(w));
        return ok ? [] : [`${i}: ${got} vs ${w}`];
      });
      expect(bad).toEqual([]);
    });

  it('an A on a grid of cells against a lat/lon B says why it is not compared', async () => {
    const da = await meshes('icon-like.nc');
    const va = findVariable(da.model.root, '/S')!;
    await expect(readPair(da, va, [0, null], { x: 1, y: 1 }, a, s, 'coords', signal)).rejects.toThrow(
      'A lies on a grid of cells',
    );
  });

  it('a share link keeps the area-weighted choice (bdiff=area)', () => {
    const p = new URLSearchParams();
    encodeCompare(p, { url: 'https://example.org/b.nc', link: 'coords', method: 'area', mode: 'diff' });
    expect(p.get('bdiff')).toBe('area');
    expect(decodeCompare(p)).toMatchObject({ method: 'area', mode: 'diff' });
  });
});
