/**
 * The one WebGL2 context that colours slice images (gl-colour.ts): made on an OffscreenCanvas on first use, with the
 * colouring program, its uniforms' locations and the textures every draw shares; what is missing is kept as the
 * reason (`glFailure`), and makes every later use throw `GlUnavailableError`.
 */
import { VERTEX_SOURCE, fragmentSource, type GlUniforms } from './shader';

/** WebGL2 cannot colour this image (the caller takes the CPU way); the reason is the message, the GL error the cause. */
export class GlUnavailableError extends Error {
  override readonly cause: unknown;
  constructor(message: string, cause?: unknown) {
    super(message);
    this.name = 'GlUnavailableError';
    this.cause = cause;
  }
}

export interface Gl {
  readonly canvas: OffscreenCanvas;
  readonly gl: WebGL2RenderingContext;
  readonly program: WebGLProgram;
  readonly loc: Record<keyof GlUniforms, WebGLUniformLocation | null>;
  readonly maxSize: number;
  readonly noMask: WebGLTexture;
  readonly luts: Map<string, WebGLTexture>;
  lost: boolean;
}

let state: Gl | null = null;
let failure: string | null = null;

export function fail(message: string, cause?: unknown): never {
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

export function texture(gl: WebGL2RenderingContext): WebGLTexture {
  const t = gl.createTexture();
  if (!t) fail('WebGL2 could not create a texture.');
  gl.bindTexture(gl.TEXTURE_2D, t);
  for (const p of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, p, gl.NEAREST);
  for (const p of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.texParameteri(gl.TEXTURE_2D, p, gl.CLAMP_TO_EDGE);
  return t;
}

export function check(gl: WebGL2RenderingContext, what: string): void {
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
export function context(): Gl {
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

/** The context made so far (null before the first use or after it could not be made). */
export function currentContext(): Gl | null {
  return state;
}
