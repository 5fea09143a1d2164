/**
 * Which way a slice image is coloured: on the GPU (`webgl2`, gl-colour.ts) or in the decode workers on the CPU
 * (`canvas`, the ImageBitmap a worker makes, drawn on the canvas under the axes). `localStorage['zarrview.colourPath']`
 * forces one (`webgl2` | `canvas`); absent (auto), the two are measured on this machine and the cheaper is taken:
 * a GPU without hardware (Chromium's software WebGL, SwiftShader) can lose to the workers on big images.
 *
 * The model: a worker image costs `canvas` ms per pixel (request to ImageBitmap, queueing included); a GPU image
 * costs `draw` ms per pixel, plus `upload` ms per cell when its values are not on the GPU yet. Each is an average of
 * the recent measurements (an exponential moving average). Until both are measured the workers colour: the GPU is
 * timed on a probe image of its own when the page is idle (gl-image.ts `probeGpu`), never on a picture the user
 * waits for (software WebGL takes a sixth of a second for half a million cells).
 */
export type ColourPath = 'webgl2' | 'canvas';
export type PathSetting = ColourPath | 'auto';

export const PATH_KEY = 'zarrview.colourPath';

/** The user's (or a test's) choice in `localStorage`, `auto` when absent, unreadable or unknown. */
export function pathSetting(storage: Pick<Storage, 'getItem'> | null = safeStorage()): PathSetting {
  try {
    const v = storage?.getItem(PATH_KEY);
    return v === 'webgl2' || v === 'canvas' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Weight of a new measurement in the running averages. */
const WEIGHT = 0.5;

export interface Costs {
  /** Milliseconds per pixel of a worker image, or null before one is measured. */
  canvas: number | null;
  /** Milliseconds per pixel of a GPU draw (values already uploaded). */
  draw: number | null;
  /** Milliseconds per cell of uploading values. */
  upload: number | null;
}

/** A measurement of `ms` over `count` pixels (or cells, for an upload). */
export type Measure = 'canvas' | 'draw' | 'upload';

export class PathChooser {
  readonly costs: Costs = { canvas: null, draw: null, upload: null };

  record(what: Measure, ms: number, count: number): void {
    if (!(count > 0) || !(ms >= 0)) return;
    const per = ms / count;
    const old = this.costs[what];
    this.costs[what] = old === null ? per : old * (1 - WEIGHT) + per * WEIGHT;
  }

  /**
   * The path for an image of `pixels` from `cells` values (`uploaded`: they are on the GPU already), given the
   * setting and whether the GPU path works at all.
   */
  choose(setting: PathSetting, gl: boolean, pixels: number, cells: number, uploaded: boolean): ColourPath {
    if (!gl || setting === 'canvas') return 'canvas';
    if (setting === 'webgl2') return 'webgl2';
    const { canvas, draw, upload } = this.costs;
    if (canvas === null) return 'canvas';
    if (draw === null || (!uploaded && upload === null)) return 'canvas';
    const gpu = draw * pixels + (uploaded ? 0 : upload! * cells);
    return gpu <= canvas * pixels ? 'webgl2' : 'canvas';
  }
}
