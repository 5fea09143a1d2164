import { describe, expect, it } from 'vitest';
import { coastDetail, framePlacement, mapZoom, zoomPlacement } from './zoom';

const axis = (range: [number, number], length: number) => ({ offset: 0, length, range }) as const;

describe('mapZoom', () => {
  it('the whole frame shown is no zoom', () => {
    // A 720 × 360 frame on a 720 × 360 plot area: x 0…720, y −360…0.
    const z = mapZoom(axis([0, 720], 720), axis([-360, 0], 360), 720, 360, 1)!;
    expect(z.extent).toBeNull();
    expect(z.view).toEqual([0, 0, 720, 360]);
  });

  it('a zoom is the visible part of the frame at the screen resolution (device pixels)', () => {
    const z = mapZoom(axis([100, 280], 720), axis([-190, -100], 360), 720, 360, 2)!;
    expect(z.extent).toEqual([100, 100, 280, 190]);
    expect(z.size).toEqual([1440, 720]);
    // Pixel (0, 0) of the zoomed image is centred half an output pixel inside the extent's corner.
    expect(zoomPlacement(z.extent!, z.size)).toEqual({ x0: 100.0625, dx: 0.125, y0: -100.0625, dy: -0.125 });
    expect(coastDetail(z.extent, 720, false)).toBe('50m');
  });

  it('clips to the frame and keeps at most MAX_ZOOM_PIXELS', () => {
    const z = mapZoom(axis([-100, 300], 4000), axis([-200, 50], 2500), 720, 360, 2)!;
    expect(z.extent![0]).toBe(0);
    expect(z.extent![1]).toBe(0);
    expect(z.size[0] * z.size[1]).toBeLessThanOrEqual(4_000_000);
    expect(z.size[0] / z.size[1]).toBeCloseTo(300 / 200, 2);
  });

  it('110m coastlines for the globe, 50m for a regional grid', () => {
    expect(coastDetail(null, 720, false)).toBe('110m');
    expect(coastDetail(null, 720, true)).toBe('50m');
    expect(framePlacement(720, 360)).toEqual({ x0: 0.5, dx: 1, y0: -0.5, dy: -1, width: 720, height: 360 });
  });
});
