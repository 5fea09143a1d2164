import { describe, expect, it } from 'vitest';
import { LUT_BINS, colourImage, imageSize, rgbStops, type ImageRequest } from '../../core';
import { imageRange } from './gl-image';
import { float32Enough, gpuGrid, textureSize } from './layout';
import { lutTexture } from './lut';
import { SCALE_CODES, fragmentSource, glUniforms, type GlUniforms } from './shader';

const f = Math.fround;

/**
 * The fragment shader's arithmetic transcribed with float32 rounding (Math.fround) for one pixel: what the GPU
 * computes from these uniforms (the e2e spec checks the real shader against the CPU's pixels).
 */
function shade(u: GlUniforms, data: Float32Array, mask: Uint8Array | null, lut: Uint8Array, col: number, row: number) {
  const [w, h] = u.u_size;
  const xi = u.u_flip[0] ? w - 1 - col : col;
  const yi = u.u_flip[1] ? h - 1 - row : row;
  const i = u.u_transposed ? xi * u.u_cols + yi : yi * u.u_cols + xi;
  if (u.u_masked && mask![i]) return [0, 0, 0, 0];
  const v = data[i]!;
  if (!Number.isFinite(v)) return [0, 0, 0, 0];
  let z = v;
  if (u.u_scale !== 0) {
    const a = f(v + f(u.u_ref));
    if (u.u_scale === 1) {
      if (!(a > 0)) return [0, 0, 0, 0];
      z = f(f(Math.log2(a)) * f(Math.LOG10E / Math.LOG2E));
    } else z = f(Math.sign(a) * f(f(Math.log2(f(1 + f(Math.abs(a) / f(u.u_threshold))))) * f(Math.log10(2))));
  }
  const t = Math.min(1, Math.max(0, f(f(f(z - f(u.u_zmin[0])) - f(u.u_zmin[1])) * f(u.u_inv))));
  const q = Math.min(Math.trunc(f(f(t * u.u_last) * LUT_BINS)), u.u_last * LUT_BINS);
  return Array.from(lut.subarray(4 * q, 4 * q + 4));
}

function request(over: Partial<ImageRequest>, f64 = false): ImageRequest {
  const [n0, n1] = over.shape ?? [37, 53];
  const n = n0 * n1;
  const values = f64 ? new Float64Array(n) : new Float32Array(n);
  for (let i = 0; i < n; i++) values[i] = (i % 2 ? -1 : 1) * (Math.floor(i / n1) * 1000 + (i % n1)) + (f64 ? 5e8 : 0);
  values[5] = NaN;
  values[9] = -Infinity;
  return {
    values,
    mask: null,
    shape: [n0, n1],
    transposed: false,
    step: 1,
    scale: 'linear',
    range: null,
    colormap: 'viridis',
    invert: false,
    flipX: false,
    flipY: false,
    ...over,
  };
}

/** Largest channel difference between the CPU's image and the shader's arithmetic for a request. */
function worstDifference(req: ImageRequest): number {
  const cpu = colourImage(req);
  const { width, height } = imageSize(req);
  const g = gpuGrid(req.values, req.mask, req.shape, req.step);
  const tex = textureSize(g.shape[0] * g.shape[1], 8192)!;
  const lut = lutTexture(req.colormap, req.invert);
  const u = glUniforms({
    width,
    height,
    grid: g.shape,
    texWidth: tex.width,
    ref: g.ref,
    masked: g.mask !== null,
    transposed: req.transposed,
    flipX: !!req.flipX,
    flipY: !!req.flipY,
    scale: req.scale,
    range: imageRange(req),
    last: rgbStops(req.colormap).length - 1,
  });
  let worst = 0;
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const got = shade(u, g.data, g.mask, lut.rgba, col, row);
      const o = 4 * (row * width + col);
      for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(got[c]! - cpu.rgba[o + c]!));
    }
  return worst;
}

describe('the colouring shader', () => {
  it('declares every uniform the draw sets, and the lookup bins', () => {
    const src = fragmentSource();
    const u = glUniforms({
      width: 3,
      height: 2,
      grid: [2, 3],
      texWidth: 6,
      ref: 0,
      masked: false,
      transposed: false,
      flipX: false,
      flipY: false,
      scale: 'linear',
      range: { zmin: 0, zmax: 1, threshold: 1 },
      last: 8,
    });
    for (const name of Object.keys(u)) expect(src).toMatch(new RegExp(`uniform \\w+ ${name};`));
    expect(src).toContain(`${LUT_BINS}.0`);
    expect(src.startsWith('#version 300 es')).toBe(true);
    expect(() => fragmentSource(1000)).toThrow(/power of two/);
  });

  it('takes scale, range, flips and transposition from the request', () => {
    const u = glUniforms({
      width: 4,
      height: 5,
      grid: [4, 5],
      texWidth: 20,
      ref: 100,
      masked: true,
      transposed: true,
      flipX: true,
      flipY: false,
      scale: 'linear',
      range: { zmin: 110.1, zmax: 130.1, threshold: 1 },
      last: 8,
    });
    expect(u.u_scale).toBe(SCALE_CODES.linear);
    expect([u.u_transposed, u.u_flip, u.u_masked, u.u_cols]).toEqual([1, [1, 0], 1, 5]);
    // The range start minus ref, as float32 hi + lo: the sum is the float64 value.
    expect(u.u_zmin[0]).toBe(Math.fround(110.1 - 100));
    expect(u.u_zmin[0] + u.u_zmin[1]).toBe(110.1 - 100);
    expect(u.u_inv).toBeCloseTo(1 / 20, 15);
    // log and symlog transform the value itself: the start is not shifted by ref.
    const log = glUniforms({ ...uArgs(), scale: 'log', ref: 100, range: { zmin: 2, zmax: 3, threshold: 1 } });
    expect([log.u_scale, log.u_zmin[0] + log.u_zmin[1], log.u_ref]).toEqual([SCALE_CODES.log, 2, 100]);
  });

  it.each([
    ['linear', {}],
    ['log', { scale: 'log' }],
    ['symlog', { scale: 'symlog' }],
    ['inverted magma over a fixed range', { colormap: 'magma', invert: true, range: [-2000, 30000] }],
    ['flipped, transposed', { flipX: true, flipY: true, transposed: true }],
    ['every 3rd cell', { step: 3, flipY: true }],
  ] as [string, Partial<ImageRequest>][])('gives the CPU’s pixels within 1 per channel: %s', (_, over) => {
    const req = request(over);
    expect(worstDifference(req)).toBeLessThanOrEqual(1);
  });

  it('gives the CPU’s pixels within 1 for float64 values with a large offset, and masked cells transparent', () => {
    const req = request({}, true);
    const mask = new Uint8Array(req.values.length).map((_, i) => (i % 7 === 0 ? 1 : 0));
    expect(worstDifference({ ...req, mask })).toBeLessThanOrEqual(1);
    expect(worstDifference({ ...req, mask, step: 2, transposed: true, flipY: true })).toBeLessThanOrEqual(1);
  });

  it('a log range too narrow for float32 is found before drawing (those images are the CPU’s)', () => {
    // 5e8 ± 4e4 on symlog: the range spans 6e-5 decades, and float32 is a pixel off (that is why).
    const req = { ...request({}, true), scale: 'symlog' as const };
    expect(float32Enough('symlog', imageRange(req), 8)).toBe(false);
    expect(worstDifference(req)).toBeGreaterThan(1);
    for (const scale of ['log', 'symlog'] as const)
      expect(float32Enough(scale, imageRange(request({ scale })), 8)).toBe(true);
  });
});

function uArgs(): Parameters<typeof glUniforms>[0] {
  return {
    width: 1,
    height: 1,
    grid: [1, 1],
    texWidth: 1,
    ref: 0,
    masked: false,
    transposed: false,
    flipX: false,
    flipY: false,
    scale: 'linear',
    range: { zmin: 0, zmax: 1, threshold: 1 },
    last: 8,
  };
}
