/**
 * A slice image coloured on the GPU with the same colour range as the workers' (`scaleRange`, the core's): the auto
 * range is found once per values object, mask and scale and kept, so a new colour map, inversion or fixed range
 * costs one draw and no pass over the values. Upload and draw are timed for the run-time choice (colour-path.ts).
 */
import { imageSize, rgbStops, scaleRange, type ImageRequest } from '../../core';
import { PathChooser, pathSetting, type ColourPath } from './colour-path';
import { GlUnavailableError, glAvailable, glColour, glHasValues, glPrepare } from './gl-colour';
import { float32Enough } from './layout';

export { GlUnavailableError, glAvailable, glFailure } from './gl-colour';
export { PATH_KEY, pathSetting, type ColourPath, type PathSetting } from './colour-path';

export interface GlImage {
  readonly width: number;
  readonly height: number;
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
  readonly source: ImageBitmap;
}

type Range = { readonly zmin: number; readonly zmax: number; readonly threshold: number };

/** Auto ranges by values object, then mask object and scale. */
const ranges = new WeakMap<object, Map<string, { mask: Uint8Array | null; range: Range }>>();

/** The colour range of `req` as the workers find it (src/render/colormap.ts `scaleRange`). */
export function imageRange(req: ImageRequest): Range {
  if (req.range) return scaleRange([], null, req.scale, req.range);
  let byKey = ranges.get(req.values);
  if (!byKey) ranges.set(req.values, (byKey = new Map()));
  const key = `${req.scale}:${req.mask ? 1 : 0}`;
  const hit = byKey.get(key);
  if (hit && hit.mask === req.mask) return hit.range;
  const range = scaleRange(req.values, req.mask, req.scale, null);
  byKey.set(key, { mask: req.mask, range });
  return range;
}

/** The measurements of both paths on this machine (shared by every image). */
export const chooser = new PathChooser();

/** The path for the image of `req` now: the setting, whether WebGL2 works, and (auto) the measured costs. */
export function choosePath(req: ImageRequest): ColourPath {
  const setting = pathSetting();
  // Auto starts with the workers: no WebGL2 context is made until they have been timed.
  if (setting === 'canvas' || (setting === 'auto' && chooser.costs.canvas === null)) return 'canvas';
  const { width, height } = imageSize(req);
  const gl = glAvailable();
  return chooser.choose(setting, gl, width * height, req.shape[0] * req.shape[1], gl && glHasValues(req));
}

/** Colours `req` on the GPU (timed); throws GlUnavailableError where WebGL2 cannot. */
export function glImage(req: ImageRequest): GlImage {
  const size = imageSize(req);
  const range = imageRange(req);
  if (!float32Enough(req.scale, range, rgbStops(req.colormap).length - 1))
    throw new GlUnavailableError('This colour range is too narrow for float32 on the GPU.');
  if (!glHasValues(req)) {
    const t0 = performance.now();
    glPrepare(req);
    chooser.record('upload', performance.now() - t0, req.shape[0] * req.shape[1]);
  }
  const t1 = performance.now();
  const source = glColour(req, range, size);
  chooser.record('draw', performance.now() - t1, size.width * size.height);
  return { ...size, ...range, source };
}

/** Records how long a worker took to colour an image of `pixels` (and schedules the GPU's probe if not yet done). */
export function recordWorker(ms: number, pixels: number): void {
  chooser.record('canvas', ms, pixels);
  probeGpu();
}

/** Cells along each side of the GPU's probe image (a quarter of a million: big enough to time per pixel). */
const PROBE = 512;
let probed = false;

/**
 * Times the GPU path once (upload and draw) on a probe image of its own when the page is idle, so that `auto`
 * chooses between measured costs; not in a forced setting, nor where WebGL2 is missing.
 */
export function probeGpu(): void {
  if (probed || pathSetting() !== 'auto') return;
  probed = true;
  const request = (n: number): ImageRequest => ({
    values: Float32Array.from({ length: n * n }, (_, i) => (i % n) + Math.floor(i / n)),
    mask: null,
    shape: [n, n],
    transposed: false,
    step: 1,
    scale: 'linear',
    range: null,
    colormap: 'viridis',
    invert: false,
  });
  const run = () => {
    if (!glAvailable()) return;
    try {
      // A tiny draw first (the context and shaders are made once): not counted.
      const { draw, upload } = chooser.costs;
      glImage(request(4)).source.close();
      Object.assign(chooser.costs, { draw, upload });
      glImage(request(PROBE)).source.close();
    } catch {
      // The GPU cannot colour it: the workers go on colouring.
    }
  };
  const idle = (globalThis as { requestIdleCallback?: (f: () => void, o: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
