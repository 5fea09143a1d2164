/**
 * The chunk grid of an aggregated array: its partition matrix. Where fragments are of one size along a dimension
 * (the last one maybe shorter), as S3netCDF4 writes them, a chunk is a fragment. Otherwise the chunk length along
 * that dimension is the greatest common divisor of the fragments' bounds, so that a chunk never straddles two
 * fragments. Each chunk is found in exactly one fragment, or in none (never written: the fill value).
 */
import type { Fragment } from './partitions';

export interface Grid {
  readonly chunks: readonly number[];
  /** The fragment holding chunk `coords`, and the chunk's start inside it; undefined where no fragment is. */
  locate(coords: readonly number[]): { readonly fragment: Fragment; readonly offset: readonly number[] } | undefined;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The chunk length along one dimension of length `n` whose fragments have the bounds `bounds`. */
function chunkLength(bounds: readonly number[], n: number): number {
  const sorted = [...new Set([0, n, ...bounds])].sort((a, b) => a - b);
  const first = sorted[1] ?? n;
  const regular = sorted.every((b, i) => b === Math.min(i * first, n));
  if (regular || n === 0) return Math.max(1, first);
  return sorted.reduce((g, b) => gcd(g, b), 0) || 1;
}

export function gridOf(shape: readonly number[], fragments: readonly Fragment[]): Grid {
  const chunks = shape.map((n, d) =>
    chunkLength(
      fragments.flatMap((f) => [f.start[d]!, f.stop[d]!]),
      n,
    ),
  );
  const byStart = new Map<string, Fragment>();
  for (const f of fragments) byStart.set(f.start.join(','), f);
  // Fragment starts along each dimension, sorted: a chunk's fragment starts at the last one not after it.
  const starts = shape.map((_, d) => [...new Set(fragments.map((f) => f.start[d]!))].sort((a, b) => a - b));
  const inside = (f: Fragment, at: readonly number[]) => at.every((x, d) => f.start[d]! <= x && x < f.stop[d]!);
  return {
    chunks,
    locate(coords) {
      const at = coords.map((c, d) => c * chunks[d]!);
      const key = at.map((x, d) => {
        const s = starts[d]!;
        let lo = 0;
        let hi = s.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (s[mid]! <= x) lo = mid;
          else hi = mid - 1;
        }
        return s[lo] ?? 0;
      });
      const fragment = byStart.get(key.join(',')) ?? fragments.find((f) => inside(f, at));
      if (!fragment || !inside(fragment, at)) return undefined;
      return { fragment, offset: at.map((x, d) => x - fragment.start[d]!) };
    },
  };
}
