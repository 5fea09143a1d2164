import { describe, expect, it } from 'vitest';
import { COLORMAPS, SCALES, colorAt, colorscale, forward, rgbStops, scaleValues } from './colormap';
import { colourImage, colourRegion, imageSize, regionPixels, type ImageRequest } from './image';
import { renderImage } from './encode';

/** A seeded generator, so a failure replays. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function field(n0: number, n1: number, seed: number) {
  const r = rng(seed);
  const values = new Float64Array(n0 * n1);
  const mask = new Uint8Array(n0 * n1);
  for (let i = 0; i < values.length; i++) {
    const u = r();
    values[i] = u < 0.03 ? NaN : u < 0.06 ? -5 * r() : u < 0.08 ? 0 : 1e-3 + 500 * r() ** 3;
    if (r() < 0.05) {
      mask[i] = 1;
      values[i] = NaN;
    }
  }
  return { values, mask };
}

/** The colour a heatmap trace gives a value: the colour map module's scaling and colour, no image code. */
function expectedPixel(req: ImageRequest, i: number, s: { zmin: number; zmax: number; threshold: number }): number[] {
  if (req.mask?.[i]) return [0, 0, 0, 0];
  const z = forward(req.scale, req.values[i]!, s.threshold);
  if (!Number.isFinite(z)) return [0, 0, 0, 0];
  return [...colorAt(rgbStops(req.colormap, req.invert), (z - s.zmin) / (s.zmax - s.zmin)), 255];
}

describe('slice images coloured in the workers', () => {
  it('every pixel has the colour map module’s colour of its value, for every map, scale, orientation and step', () => {
    let seed = 1;
    // float64 values with a mask, and float32 values with none (masked cells are NaN): both paths of the colouring.
    for (const f32 of [false, true])
      for (const colormap of COLORMAPS)
        for (const scale of SCALES)
          for (const [transposed, step, invert, range, flipY, flipX] of [
            [false, 1, false, null, false, false],
            [true, 2, true, null, true, false],
            [false, 3, false, [2, 40], false, true],
            [true, 1, false, null, true, true],
          ] as const) {
            const [n0, n1] = [23, 37];
            const f = field(n0, n1, seed++);
            const values = f32 ? Float32Array.from(f.values) : f.values;
            const mask = f32 ? null : f.mask;
            const req: ImageRequest = {
              values,
              mask,
              shape: [n0, n1],
              transposed,
              step,
              scale,
              range,
              colormap,
              invert,
              flipY,
              flipX,
            };
            const img = colourImage(req);
            // The range is the one scaleValues gives the heatmap trace.
            const s = scaleValues(values, mask, scale, range);
            expect([img.zmin, img.zmax, img.threshold]).toEqual([s.zmin, s.zmax, s.threshold]);
            const [ny, nx] = transposed ? [n1, n0] : [n0, n1];
            expect([img.height, img.width]).toEqual([Math.ceil(ny / step), Math.ceil(nx / step)]);
            for (let r = 0; r < img.height; r++)
              for (let c = 0; c < img.width; c++) {
                const [yi, xi] = [(flipY ? img.height - 1 - r : r) * step, (flipX ? img.width - 1 - c : c) * step];
                const i = transposed ? xi * n1 + yi : yi * n1 + xi;
                const o = 4 * (r * img.width + c);
                expect([...img.rgba.subarray(o, o + 4)], `${colormap} ${scale} pixel ${r},${c}`).toEqual(
                  expectedPixel(req, i, s),
                );
              }
          }
  });

  it('colorAt gives the exact stops of the plotly colour scale at their positions, inverted too', () => {
    for (const name of COLORMAPS)
      for (const invert of [false, true]) {
        const stops = rgbStops(name, invert);
        for (const [t, hex] of colorscale(name, invert)) {
          const rgb = colorAt(stops, t);
          expect('#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('')).toBe(hex);
        }
      }
    // Half-way between two stops: the rounded mean.
    expect(
      colorAt(
        [
          [0, 0, 0],
          [255, 100, 3],
        ],
        0.5,
      ),
    ).toEqual([128, 50, 2]);
  });

  it('the lowest value gets the first colour and the highest the last; all-masked slices are transparent', () => {
    const req: ImageRequest = {
      values: new Float32Array([1, 2, 3, 4]),
      mask: null,
      shape: [2, 2],
      transposed: false,
      step: 1,
      scale: 'linear',
      range: null,
      colormap: 'greys',
      invert: false,
    };
    const img = colourImage(req);
    expect([...img.rgba.subarray(0, 4)]).toEqual([0, 0, 0, 255]);
    expect([...img.rgba.subarray(12, 16)]).toEqual([255, 255, 255, 255]);
    const none = colourImage({ ...req, mask: new Uint8Array([1, 1, 1, 1]) });
    expect(none.rgba.every((b) => b === 0)).toBe(true);
  });

  it('renderImage returns the coloured pixels themselves (no PNG on the way)', async () => {
    const req: ImageRequest = {
      values: new Float64Array([1, 2]),
      mask: null,
      shape: [1, 2],
      transposed: false,
      step: 1,
      scale: 'linear',
      range: null,
      colormap: 'viridis',
      invert: false,
    };
    const r = await renderImage(req);
    expect([...r.rgba]).toEqual([...colourImage(req).rgba]);
  });

  it('pixels written byte by byte (a buffer not aligned for 32-bit words) are the same as word by word', () => {
    for (const scale of SCALES)
      for (const f32 of [false, true]) {
        const f = field(19, 27, 77);
        const req: ImageRequest = {
          values: f32 ? Float32Array.from(f.values) : f.values,
          mask: f32 ? null : f.mask,
          shape: [19, 27],
          transposed: false,
          step: 1,
          scale,
          range: null,
          colormap: 'rdbu',
          invert: true,
          flipY: true,
        };
        const whole = colourImage(req);
        const range = { zmin: whole.zmin, zmax: whole.zmax, threshold: whole.threshold };
        const bytes = new Uint8ClampedArray(whole.rgba.length + 1).subarray(1); // offset 1: no Uint32Array view
        colourRegion(req, bytes, range);
        expect(Array.from(bytes), scale).toEqual(Array.from(whole.rgba));
      }
  });

  it('colouring chunk by chunk with the final range gives the same image as colouring it whole', () => {
    let seed = 7;
    for (const [transposed, step, flipY, flipX, scale] of [
      [false, 1, false, false, 'linear'],
      [true, 1, true, false, 'log'],
      [false, 3, true, true, 'symlog'],
      [true, 2, false, true, 'linear'],
    ] as const) {
      const [n0, n1] = [37, 53];
      const { values, mask } = field(n0, n1, seed++);
      const req: ImageRequest = {
        values,
        mask,
        shape: [n0, n1],
        transposed,
        step,
        scale,
        range: null,
        colormap: 'plasma',
        invert: false,
        flipY,
        flipX,
      };
      const whole = colourImage(req);
      const { width, height } = imageSize(req);
      // Chunks of 10 × 16 (the last ones partial), coloured in a shuffled order over a dirty buffer.
      const rgba = new Uint8ClampedArray(width * height * 4).fill(77);
      const chunks: [number, number][] = [];
      for (let a = 0; a < n0; a += 10) for (let b = 0; b < n1; b += 16) chunks.push([a, b]);
      const r = rng(seed);
      chunks.sort(() => r() - 0.5);
      let pixels = 0;
      for (const [a, b] of chunks) {
        const region = { start: [a, b], count: [Math.min(10, n0 - a), Math.min(16, n1 - b)] } as const;
        const p = regionPixels(req, region);
        pixels += Math.max(0, p.x1 - p.x0) * Math.max(0, p.y1 - p.y0);
        colourRegion(req, rgba, whole, region);
      }
      expect(pixels).toBe(width * height); // the regions' pixels tile the image
      expect(rgba).toEqual(whole.rgba);
    }
  });
});
