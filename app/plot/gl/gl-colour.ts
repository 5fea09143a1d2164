/**
 * Slice images coloured on the GPU (WebGL2): one shared context on an OffscreenCanvas, a slice's values as an R32F
 * texture kept per values object (a new range, scale or colour map is one draw, no pass over the values), its mask
 * as an R8UI texture, the colour map as a lookup texture (lut.ts), the rest as uniforms (shader.ts). The result is
 * an ImageBitmap (`transferToImageBitmap`) that a canvas draws as it draws a worker's.
 *
 * Anything missing (no OffscreenCanvas, no WebGL2 context, a context lost, float textures refused, a shader that
 * does not compile) makes `glAvailable()` false with the reason in `glFailure()`; callers then colour on the CPU.
 */
import { rgbStops, type ImageRequest } from '../../core';
import { gpuGrid, textureSize, uploadParts, type GpuGrid } from './layout';
import { lutTexture } from './lut';
import { check, context, currentContext, fail, texture, type Gl } from './gl-context';
import { glUniforms } from './shader';

export { GlUnavailableError, glAvailable, glFailure } from './gl-context';

interface GridTexture {
  readonly gl: Gl;
  readonly values: WebGLTexture;
  readonly mask: WebGLTexture | null;
  /** The mask object the mask texture holds (a new mask of the same values is uploaded again). */
  readonly maskOf: Uint8Array | null;
  readonly grid: Omit<GpuGrid, 'data' | 'mask'>;
  readonly texWidth: number;
  readonly bytes: number;
  deleted: boolean;
}

/** Grid textures by values object and step; bounded by their bytes on the GPU (the oldest are deleted first). */
const grids = new WeakMap<object, Map<number, GridTexture>>();
const order = new Set<GridTexture>();
const MAX_GRID_BYTES = 256 * 1024 * 1024;

function upload(gl: WebGL2RenderingContext, g: GpuGrid, width: number, height: number): WebGLTexture[] {
  const n = g.shape[0] * g.shape[1];
  const values = texture(gl);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R32F, width, height);
  for (const p of uploadParts(n, width))
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, p.y, p.cols, p.rows, gl.RED, gl.FLOAT, g.data.subarray(p.from, p.to));
  if (!g.mask) return [values];
  const mask = texture(gl);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R8UI, width, height);
  for (const p of uploadParts(n, width))
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      0,
      p.y,
      p.cols,
      p.rows,
      gl.RED_INTEGER,
      gl.UNSIGNED_BYTE,
      g.mask.subarray(p.from, p.to),
    );
  return [values, mask];
}

/** The values of a request on the GPU: uploaded once per values object, mask object and step. */
function gridTexture(s: Gl, req: ImageRequest): GridTexture {
  const byStep = grids.get(req.values) ?? new Map<number, GridTexture>();
  grids.set(req.values, byStep);
  const key = req.step * 2 + (req.mask ? 1 : 0);
  const hit = byStep.get(key);
  if (hit && !hit.deleted && hit.gl === s && hit.maskOf === req.mask) {
    order.delete(hit);
    order.add(hit);
    return hit;
  }
  const g = gpuGrid(req.values, req.mask, req.shape, req.step);
  const size = textureSize(g.shape[0] * g.shape[1], s.maxSize);
  if (!size) fail(`A grid of ${g.shape.join(' × ')} values exceeds the GPU's textures.`);
  const [values, mask = null] = upload(s.gl, g, size.width, size.height);
  check(s.gl, 'upload the values');
  const entry: GridTexture = {
    gl: s,
    values: values!,
    mask,
    maskOf: req.mask,
    grid: { shape: g.shape, ref: g.ref },
    texWidth: size.width,
    bytes: size.width * size.height * (mask ? 5 : 4),
    deleted: false,
  };
  if (hit) drop(hit);
  byStep.set(key, entry);
  order.add(entry);
  let total = 0;
  for (const e of order) total += e.bytes;
  for (const e of order) {
    if (total <= MAX_GRID_BYTES || e === entry) break;
    total -= e.bytes;
    drop(e);
  }
  return entry;
}

function drop(e: GridTexture): void {
  if (e.deleted) return;
  e.deleted = true;
  order.delete(e);
  e.gl.gl.deleteTexture(e.values);
  if (e.mask) e.gl.gl.deleteTexture(e.mask);
}

function lut(s: Gl, req: ImageRequest): WebGLTexture {
  const key = `${req.colormap}:${req.invert}`;
  let t = s.luts.get(key);
  if (!t) {
    const l = lutTexture(req.colormap, req.invert);
    t = texture(s.gl);
    s.gl.texImage2D(s.gl.TEXTURE_2D, 0, s.gl.RGBA8, l.width, l.height, 0, s.gl.RGBA, s.gl.UNSIGNED_BYTE, l.rgba);
    check(s.gl, 'upload the colour map');
    s.luts.set(key, t);
  }
  return t;
}

const pixel = new Uint8Array(4);

/** Uploads a request's values (if they are not on the GPU yet) without drawing: a later draw is one pass. */
export function glPrepare(req: ImageRequest): void {
  gridTexture(context(), req);
}

/** Whether the values of `req` are on the GPU already (a draw of them uploads nothing). */
export function glHasValues(req: ImageRequest): boolean {
  const e = grids.get(req.values)?.get(req.step * 2 + (req.mask ? 1 : 0));
  return !!e && !e.deleted && e.gl === currentContext() && e.maskOf === req.mask;
}

/**
 * Colours `req` with the colour range `range` (scale space, as `scaleRange` gives it) on the GPU: an ImageBitmap
 * of `width` × `height` pixels. Throws GlUnavailableError when WebGL2 cannot.
 */
export function glColour(
  req: ImageRequest,
  range: { readonly zmin: number; readonly zmax: number; readonly threshold: number },
  size: { readonly width: number; readonly height: number },
): ImageBitmap {
  const s = context();
  const { gl } = s;
  const tex = gridTexture(s, req);
  const u = glUniforms({
    ...size,
    grid: tex.grid.shape,
    texWidth: tex.texWidth,
    ref: tex.grid.ref,
    masked: tex.mask !== null,
    transposed: req.transposed,
    flipX: !!req.flipX,
    flipY: !!req.flipY,
    scale: req.scale,
    range,
    last: rgbStops(req.colormap).length - 1,
  });
  if (s.canvas.width !== size.width) s.canvas.width = size.width;
  if (s.canvas.height !== size.height) s.canvas.height = size.height;
  gl.viewport(0, 0, size.width, size.height);
  gl.useProgram(s.program);
  gl.activeTexture(gl.TEXTURE0);
  gl.bindTexture(gl.TEXTURE_2D, tex.values);
  gl.activeTexture(gl.TEXTURE1);
  gl.bindTexture(gl.TEXTURE_2D, tex.mask ?? s.noMask);
  gl.activeTexture(gl.TEXTURE2);
  gl.bindTexture(gl.TEXTURE_2D, lut(s, req));
  const l = s.loc;
  gl.uniform2i(l.u_size, ...u.u_size);
  gl.uniform1i(l.u_cols, u.u_cols);
  gl.uniform1i(l.u_transposed, u.u_transposed);
  gl.uniform2i(l.u_flip, ...u.u_flip);
  gl.uniform1i(l.u_texWidth, u.u_texWidth);
  gl.uniform1i(l.u_masked, u.u_masked);
  gl.uniform1i(l.u_scale, u.u_scale);
  gl.uniform1f(l.u_ref, u.u_ref);
  gl.uniform1f(l.u_threshold, u.u_threshold);
  gl.uniform2f(l.u_zmin, ...u.u_zmin);
  gl.uniform1f(l.u_inv, u.u_inv);
  gl.uniform1i(l.u_last, u.u_last);
  gl.drawArrays(gl.TRIANGLES, 0, 3);
  // One pixel read back: the draw is done when this returns (its time is the draw's, not the next canvas's).
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  check(gl, 'draw the image');
  return s.canvas.transferToImageBitmap();
}
