/**
 * B held at its own step (link-b.ts `holdSteps`): era5-like.zarr's t2m (A) against cmip-like.zarr's tas (B, noleap):
 * a held time replaces the link of A's step (also one with no match in B), clamped to B's length, its line naming
 * B's date there; plotted dimensions stay whole.
 */
import { describe, expect, it } from 'vitest';
import { openFixture } from '../../src/compare/testing/fixtures';
import { findVariable } from '../core';
import { linkAxes } from './compare-read';
import { holdSteps, linkB, valueText } from './link-b';

describe('B’s own steps', async () => {
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const t2m = findVariable(a.model.root, '/t2m')!;
  const tas = findVariable(b.model.root, '/tas')!;
  const [axA, axB] = await Promise.all([linkAxes(a, t2m), linkAxes(b, tas)]);
  const linked = (t: number) => linkB('coords', axA, [t, null, null], axB, tas.shape);

  it('nothing held: the link as it is', () => {
    expect(holdSteps(linked(0), axB, tas.shape, {})).toEqual(linked(0));
    // A dimension B keeps whole is not held.
    expect(holdSteps(linked(0), axB, tas.shape, { lat: 1 }).selection).toEqual([0, null, null]);
  });

  it('a held time is B’s own index, with B’s date; a step A’s time has no match for is then linked', () => {
    const r = holdSteps(linked(3), axB, tas.shape, { time: 1 });
    expect(linked(3).linked).toBe(false);
    expect(r.linked).toBe(true);
    expect(r.selection).toEqual([1, null, null]);
    expect(r.text).toEqual([`time → time: B's own step 1 (${valueText(axB[0], 1)})`]);
    expect(valueText(axB[0], 1)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('clamps a held step to B’s length', () => {
    const n = tas.shape[0]!;
    expect(holdSteps(linked(0), axB, tas.shape, { time: n + 5 }).selection[0]).toBe(n - 1);
  });
});
