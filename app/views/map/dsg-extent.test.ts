/** marksExtent: a regional network's box in the frame's shape with a margin; a global one opens whole. */
import { describe, expect, it } from 'vitest';
import { marksExtent } from './dsg-extent';

describe('marksExtent', () => {
  it('boxes marks in a small region, in the frame’s aspect, around all of them', () => {
    const box = marksExtent([[100, 50], [140, 70], null, [120, 60]], 720, 360)!;
    expect(box).not.toBeNull();
    expect(box[0]).toBeLessThan(100 - 20);
    expect(box[2]).toBeGreaterThan(140 + 20);
    expect(box[1]).toBeLessThan(50);
    expect(box[3]).toBeGreaterThan(70);
    expect((box[2] - box[0]) / (box[3] - box[1])).toBeCloseTo(2, 6);
  });
  it('keeps the box inside the frame near its edge', () => {
    const box = marksExtent(
      [
        [2, 3],
        [30, 20],
      ],
      720,
      360,
    )!;
    expect(box[0]).toBe(0);
    expect(box[1]).toBe(0);
  });
  it('opens the whole frame for marks spread over most of it, and for none', () => {
    expect(
      marksExtent(
        [
          [10, 10],
          [700, 350],
        ],
        720,
        360,
      ),
    ).toBeNull();
    expect(marksExtent([null], 720, 360)).toBeNull();
  });
});
