/**
 * The WebGL2 program that colours a slice image, as text, and its uniforms from an image request: pure, so that
 * both are unit-tested in Node (which has no WebGL). The fragment shader does per pixel what `colourRegion`
 * (src/render/image.ts) does: find the pixel's cell (every `step`-th, flips, transposition), leave masked and
 * non-finite cells (and, on a log scale, non-positive ones) transparent, transform the value (log10, symlog with its
 * threshold), place it in the colour range and read its colour from the lookup texture (see lut.ts).
 *
 * Values are float32 on the GPU. `ref` (subtracted in float64 before rounding, see layout.ts) keeps float64 data
 * with a large offset exact enough; the range start is passed as two float32s (`hi + lo`), so that `z − zmin` is as
 * exact as float32 allows.
 */
import type { ScaleName } from '../../core';
import { LUT_BINS } from '../../core';

/** A triangle that covers the viewport; no vertex buffers (WebGL2's `gl_VertexID`). */
export const VERTEX_SOURCE = `#version 300 es
void main() {
  vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  gl_Position = vec4(p, 0.0, 1.0);
}
`;

/** Scale codes of the `u_scale` uniform. */
export const SCALE_CODES: Record<ScaleName, number> = { linear: 0, log: 1, symlog: 2 };

/** The fragment shader for a lookup texture of `bins` texels per colour-map segment (a power of two). */
export function fragmentSource(bins: number = LUT_BINS): string {
  if (!Number.isInteger(Math.log2(bins))) throw new RangeError(`Lookup bins must be a power of two, not ${bins}.`);
  const shift = Math.log2(bins);
  return `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
precision highp usampler2D;

uniform sampler2D u_values;   // R32F: the grid's values (minus u_ref) in C order, u_texWidth per texture row
uniform usampler2D u_mask;    // R8UI: 1 where masked (read only when u_masked == 1)
uniform sampler2D u_lut;      // RGBA8: ${bins} bins per colour-map segment, one row per segment
uniform ivec2 u_size;         // image width, height
uniform int u_cols;           // length of the grid's second dimension
uniform int u_transposed;     // the grid's first dimension runs along x
uniform ivec2 u_flip;         // columns, rows from the last index
uniform int u_texWidth;
uniform int u_masked;
uniform int u_scale;          // 0 linear, 1 log10, 2 symlog
uniform float u_ref;          // added back before a log or symlog transform
uniform float u_threshold;    // symlog's linear threshold
uniform vec2 u_zmin;          // colour range start (scale space, minus u_ref when linear) as hi + lo
uniform float u_inv;          // 1 / (zmax − zmin)
uniform int u_last;           // segments of the colour map

out vec4 colour;

const float LOG10_2 = 0.30102999566398120;

void main() {
  int col = int(gl_FragCoord.x);
  int row = u_size.y - 1 - int(gl_FragCoord.y);
  int xi = u_flip.x == 1 ? u_size.x - 1 - col : col;
  int yi = u_flip.y == 1 ? u_size.y - 1 - row : row;
  int i = u_transposed == 1 ? xi * u_cols + yi : yi * u_cols + xi;
  ivec2 at = ivec2(i % u_texWidth, i / u_texWidth);
  if (u_masked == 1 && texelFetch(u_mask, at, 0).r != 0u) {
    colour = vec4(0.0);
    return;
  }
  float v = texelFetch(u_values, at, 0).r;
  // NaN and ±Infinity: every exponent bit set (a bit test no compiler can fold away).
  if ((floatBitsToUint(v) & 0x7f800000u) == 0x7f800000u) {
    colour = vec4(0.0);
    return;
  }
  float z = v;
  if (u_scale != 0) {
    float a = v + u_ref;
    if (u_scale == 1) {
      if (!(a > 0.0)) {
        colour = vec4(0.0);
        return;
      }
      z = log2(a) * LOG10_2;
    } else {
      z = sign(a) * log2(1.0 + abs(a) / u_threshold) * LOG10_2;
    }
  }
  float t = clamp(((z - u_zmin.x) - u_zmin.y) * u_inv, 0.0, 1.0);
  int q = min(int(t * float(u_last) * ${bins}.0), u_last << ${shift});
  colour = texelFetch(u_lut, ivec2(q & ${bins - 1}, q >> ${shift}), 0);
}
`;
}

/** The values of the program's uniforms for one draw (textures are bound to units 0, 1, 2 separately). */
export interface GlUniforms {
  readonly u_size: readonly [number, number];
  readonly u_cols: number;
  readonly u_transposed: number;
  readonly u_flip: readonly [number, number];
  readonly u_texWidth: number;
  readonly u_masked: number;
  readonly u_scale: number;
  readonly u_ref: number;
  readonly u_threshold: number;
  readonly u_zmin: readonly [number, number];
  readonly u_inv: number;
  readonly u_last: number;
}

/** What a draw is made of: the image, the grid on the GPU (see layout.ts), the colour range and options. */
export interface DrawSpec {
  readonly width: number;
  readonly height: number;
  /** The grid's shape (the slice's, or every `step`-th cell of it). */
  readonly grid: readonly [number, number];
  readonly texWidth: number;
  readonly ref: number;
  readonly masked: boolean;
  readonly transposed: boolean;
  readonly flipX: boolean;
  readonly flipY: boolean;
  readonly scale: ScaleName;
  readonly range: { readonly zmin: number; readonly zmax: number; readonly threshold: number };
  /** Segments of the colour map (its stops − 1). */
  readonly last: number;
}

/** The uniforms of a draw. */
export function glUniforms(d: DrawSpec): GlUniforms {
  const { zmin, zmax, threshold } = d.range;
  const linear = d.scale === 'linear';
  // On a linear scale the values are stored minus `ref`: so is the range start (in float64, then split).
  const start = linear ? zmin - d.ref : zmin;
  const hi = Math.fround(start);
  return {
    u_size: [d.width, d.height],
    u_cols: d.grid[1],
    u_transposed: d.transposed ? 1 : 0,
    u_flip: [d.flipX ? 1 : 0, d.flipY ? 1 : 0],
    u_texWidth: d.texWidth,
    u_masked: d.masked ? 1 : 0,
    u_scale: SCALE_CODES[d.scale],
    u_ref: d.ref,
    u_threshold: threshold,
    u_zmin: [hi, start - hi],
    u_inv: 1 / (zmax - zmin),
    u_last: d.last,
  };
}
