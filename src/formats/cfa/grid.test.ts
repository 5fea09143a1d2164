/** The chunk grid of an aggregation: fragments of one size are chunks; uneven ones are cut at common divisors. */
import { describe, expect, it } from 'vitest';
import { gridOf } from './grid';
import type { Fragment } from './partitions';
import { chunkBytes } from './values';

const frag = (file: string, start: number[], stop: number[]): Fragment => ({ file, ncvar: 'v', start, stop });

describe('gridOf', () => {
  it('uses the fragment size, the last fragment shorter', () => {
    const g = gridOf([10, 4], [frag('a', [0, 0], [4, 4]), frag('b', [4, 0], [8, 4]), frag('c', [8, 0], [10, 4])]);
    expect(g.chunks).toEqual([4, 4]);
    expect(g.locate([2, 0])).toEqual({ fragment: expect.objectContaining({ file: 'c' }), offset: [0, 0] });
  });

  it('cuts uneven fragments at the greatest common divisor of their bounds', () => {
    const g = gridOf([10], [frag('a', [0], [4]), frag('b', [4], [10])]);
    expect(g.chunks).toEqual([2]);
    expect(g.locate([1])).toEqual({ fragment: expect.objectContaining({ file: 'a' }), offset: [2] });
    expect(g.locate([4])).toEqual({ fragment: expect.objectContaining({ file: 'b' }), offset: [4] });
  });

  it('finds no fragment where none was written', () => {
    const g = gridOf([4, 4], [frag('a', [0, 0], [2, 2]), frag('b', [2, 2], [4, 4])]);
    expect(g.chunks).toEqual([2, 2]);
    expect(g.locate([0, 1])).toBeUndefined();
    expect(g.locate([1, 1])?.fragment.file).toBe('b');
  });
});

describe('chunkBytes', () => {
  it('places an edge block at the chunk origin, the rest the fill value, converting the type', () => {
    const bytes = chunkBytes('<f8', [2, 3], [1, 2], new Int16Array([7, 8]), -1);
    expect(Array.from(new Float64Array(bytes.buffer))).toEqual([7, 8, -1, -1, -1, -1]);
    const big = chunkBytes('<i8', [2], [2], new Float32Array([1.5, -2]), 0);
    expect(Array.from(new BigInt64Array(big.buffer))).toEqual([1n, -2n]);
  });
});
