import { describe, expect, it } from 'vitest';
import { dragCenter } from './drag';

describe('dragCenter', () => {
  it('turns the globe with the pointer: right → centre westward, down → centre northward', () => {
    const r = 180 / Math.PI; // one degree per pixel
    expect(dragCenter([0, 0], 10, 0, r)).toEqual([-10, 0]);
    expect(dragCenter([0, 0], 0, 20, r)).toEqual([0, 20]);
    expect(dragCenter([-100, 40], -30, -15, r)).toEqual([-70, 25]);
  });

  it('wraps the longitude and stops the latitude at the poles', () => {
    const r = 180 / Math.PI;
    expect(dragCenter([170, 0], -20, 0, r)).toEqual([-170, 0]);
    expect(dragCenter([-175, 80], 10, 30, r)).toEqual([175, 90]);
  });
});
