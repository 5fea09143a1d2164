/** numpy's summary of A − B (fixtures/compare/expected, scripts/fixtures/compare_summary.py) against ours. */
import { expect } from 'vitest';
import type { DifferenceSummary } from '../difference';

export interface NumpySummary {
  readonly count: number;
  readonly mean: number;
  readonly rmse: number;
  readonly max_abs: number;
  readonly max_abs_index: number;
  readonly max_abs_position: number[];
  readonly masked_only_a: number;
  readonly masked_only_b: number;
  readonly masked_both: number;
}

const close = (got: number, want: number) => Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));

/** Counts and positions equal, mean, RMSE and the largest |A − B| within 1e-9 (relative). */
export function expectSummary(got: DifferenceSummary, want: NumpySummary): void {
  expect({
    count: got.count,
    maxAbsIndex: got.maxAbsIndex,
    maxAbsPosition: got.maxAbsPosition,
    onlyA: got.maskedOnlyA,
    onlyB: got.maskedOnlyB,
    both: got.maskedBoth,
  }).toEqual({
    count: want.count,
    maxAbsIndex: want.max_abs_index,
    maxAbsPosition: want.max_abs_position,
    onlyA: want.masked_only_a,
    onlyB: want.masked_only_b,
    both: want.masked_both,
  });
  expect(close(got.mean, want.mean), `mean ${got.mean} vs ${want.mean}`).toBe(true);
  expect(close(got.rmse, want.rmse), `rmse ${got.rmse} vs ${want.rmse}`).toBe(true);
  expect(close(got.maxAbs, want.max_abs), `max ${got.maxAbs} vs ${want.max_abs}`).toBe(true);
}
