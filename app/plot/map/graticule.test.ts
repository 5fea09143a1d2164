import { describe, expect, it } from 'vitest';
import { dataExtent } from './extent';
import { graticule, graticuleStep, graticuleTicks, latText, lonText, viewBounds, type Project } from './graticule';

// Plate carrée on a 720 × 360 frame: x = (lon + 180) × 2, y = (90 − lat) × 2.
const project: Project = ([lon, lat]) => [(lon + 180) * 2, (90 - lat) * 2];
const invert = (x: number, y: number) => [x / 2 - 180, 90 - y / 2] as const;

describe('graticule', () => {
  it('labels degrees east/west and north/south', () => {
    expect([lonText(0), lonText(30), lonText(-150), lonText(180), lonText(2.5), lonText(190)]).toEqual([
      '0°',
      '30°E',
      '150°W',
      '180°',
      '2.5°E',
      '170°W',
    ]);
    expect([latText(0), latText(60), latText(-45)]).toEqual(['0°', '60°N', '45°S']);
  });

  it('takes a round step for the span in view', () => {
    expect(graticuleStep(360, 7)).toBe(90);
    expect(graticuleStep(300, 7)).toBe(45);
    expect(graticuleStep(50, 7)).toBe(10);
    expect(graticuleStep(3, 7)).toBe(0.5);
  });

  it('puts meridian labels on the bottom edge and parallels on the left, none overlapping', () => {
    const view = [0, 0, 720, 360] as const;
    const g = graticule(viewBounds(view, invert)!);
    const t = graticuleTicks(g, project, view, 'cylinder', 0, 1);
    expect(t.x.ticktext).toContain('0°');
    expect(t.x.tickvals[t.x.ticktext.indexOf('0°')]).toBe(360);
    expect(t.y.ticktext).toContain('60°N');
    expect(t.y.tickvals[t.y.ticktext.indexOf('60°N')]).toBe(-60);
    for (let i = 1; i < t.x.tickvals.length; i++) expect(t.x.tickvals[i]! - t.x.tickvals[i - 1]!).toBeGreaterThan(40);
  });

  it('a zoomed view gets a finer step over its own degrees', () => {
    const view = [360, 40, 420, 80] as const; // lon 0…30, lat 50…70
    const g = graticule(viewBounds(view, invert)!);
    expect(g.lonStep).toBe(5);
    const t = graticuleTicks(g, project, view, 'cylinder', 0, 10);
    expect(t.x.ticktext[0]).toBe('0°');
    expect(t.y.ticktext).toContain('60°N');
    expect(t.x.ticktext.every((s) => /^(0°|\d+°E)$/.test(s))).toBe(true);
  });
});

describe('dataExtent', () => {
  const cells = (lat: number[], lon: number[]) => ({
    rows: lat.length,
    cols: lon.length,
    latLon: (k: number) => [lat[Math.floor(k / lon.length)]!, lon[k % lon.length]!] as const,
  });
  const range = (a: number, b: number, s: number) => Array.from({ length: (b - a) / s + 1 }, (_, i) => a + i * s);

  it('boxes a regional grid with a margin', () => {
    const box = dataExtent(cells(range(35, 70, 0.5), range(-10, 40, 0.5)), project, 720, 360)!;
    expect(box[0]).toBeLessThan(340);
    expect(box[0]).toBeGreaterThan(330);
    expect(box[2]).toBeGreaterThan(440);
    expect(box[2]).toBeLessThan(450);
    expect(box[1]).toBeLessThan(40);
    expect(box[3]).toBeGreaterThan(110);
  });

  it('a global grid is shown whole', () => {
    expect(dataExtent(cells(range(-87.5, 87.5, 5), range(0, 355, 5)), project, 720, 360)).toBeNull();
  });
});
