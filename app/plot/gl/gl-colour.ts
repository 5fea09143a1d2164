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
import { VERTEX_SOURCE, fragmentSource, glUniforms, type GlUniforms } from './shader';

/** WebGL2 cannot colour this image (the caller takes the CPU way); the reason is the message, the GL error the cause. */
export class GlUnavailableError extends Error {
  override readonly cause: unknown;
  constructor(message: string, cause?: unknown) {
    super(message);
    this.name = 'GlUnavailableError';
    this.cause = cause;
  }
}

interface Gl {
  readonly canvas: OffscreenCanvas;
  readonly gl: WebGL2RenderingContext;
  readonly program: WebGLProgram;
  readonly loc: Record<keyof GlUniforms, WebGLUniformLocation | null>;
  readonly maxSize: number;
  readonly noMask: WebGLTexture;
  readonly luts: Map<string, WebGLTexture>;
  lost: boolean;
}

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

let state: Gl | null = null;
let failure: string | null = null;

function fail(message: string, cause?: unknown): never {
  failure ??= message;
  throw new GlUnavailableError(message, cause);
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const s = gl.createShader(type);
  if (!s) fail('WebGL2 could not create a shader.');
  gl.shaderSource(s, source);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS))
    fail('The colouring shader did not compile.', gl.getShaderInfoLog(s));
  return s;
}

function texture(gl: WebGL2RenderingContext): WebGLTexture {
  const t = gl.createTexture();
  if (!t) fail('WebGL2 could not create a texture.');
  gl.bindTexture(gl.TEXTURE_2D, t);
  for (const p of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, p, gl.NEAREST);
  for (const p of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.texParameteri(gl.TEXTURE_2D, p, gl.CLAMP_TO_EDGE);
  return t;
}

function check(gl: WebGL2RenderingContext, what: string): void {
  const e = gl.getError();
  if (e !== gl.NO_ERROR) fail(`WebGL2 failed to ${what} (error 0x${e.toString(16)}).`);
  if (gl.isContextLost()) fail('The WebGL2 context was lost.');
}

function create(): Gl {
  if (typeof OffscreenCanvas !== 'function') fail('This browser has no OffscreenCanvas.');
  const canvas = new OffscreenCanvas(1, 1);
  const gl = canvas.getContext('webgl2', { antialias: false, depth: false, stencil: false, alpha: true });
  if (!gl) fail('This browser gives no WebGL2 context.');
  const program = gl.createProgram();
  if (!program) fail('WebGL2 could not create a program.');
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SOURCE));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentSource()));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    fail('The colouring program did not link.', gl.getProgramInfoLog(program));
  gl.useProgram(program);
  gl.uniform1i(gl.getUniformLocation(program, 'u_values'), 0);
  gl.uniform1i(gl.getUniformLocation(program, 'u_mask'), 1);
  gl.uniform1i(gl.getUniformLocation(program, 'u_lut'), 2);
  const names: (keyof GlUniforms)[] = [
    'u_size',
    'u_cols',
    'u_transposed',
    'u_flip',
    'u_texWidth',
    'u_masked',
    'u_scale',
    'u_ref',
    'u_threshold',
    'u_zmin',
    'u_inv',
    'u_last',
  ];
  const loc = Object.fromEntries(names.map((n) => [n, gl.getUniformLocation(program, n)])) as Gl['loc'];
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  const noMask = texture(gl);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8UI, 1, 1, 0, gl.RED_INTEGER, gl.UNSIGNED_BYTE, new Uint8Array(1));
  // A float texture WebGL2 takes (R32F, sampled with texelFetch: no filtering extension needed).
  const probe = texture(gl);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.R32F, 1, 1, 0, gl.RED, gl.FLOAT, new Float32Array(1));
  check(gl, 'make a float texture');
  gl.deleteTexture(probe);
  const maxSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  const s: Gl = { canvas, gl, program, loc, maxSize, noMask, luts: new Map(), lost: false };
  canvas.addEventListener('webglcontextlost', () => {
    s.lost = true;
    failure ??= 'The WebGL2 context was lost.';
  });
  return s;
}

/** The shared context, made on first use; throws GlUnavailableError (and stays unavailable) when it cannot be. */
function context(): Gl {
  if (failure) throw new GlUnavailableError(failure);
  if (state?.lost) fail('The WebGL2 context was lost.');
  return (state ??= create());
}

/** Whether images can be coloured on the GPU (makes the context on first call). */
export function glAvailable(): boolean {
  try {
    context();
    return true;
  } catch {
    return false;
  }
}

/** Why WebGL2 colouring is unavailable, or null. */
export function glFailure(): string | null {
  return failure;
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
  return !!e && !e.deleted && e.gl === state && e.maskOf === req.mask;
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
