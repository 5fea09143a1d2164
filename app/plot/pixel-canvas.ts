/**
 * Pixels coloured in a worker, drawn through a canvas shared by the images of their size. Making an ImageBitmap
 * (or a canvas) for each image costs ~15–30 ms of fresh memory on a machine that maps it lazily, on the way from
 * the last byte to the picture; putting the pixels into a canvas that holds another image of the same size costs
 * ~0.5 ms. So each size has one canvas, which holds the pixels of the image drawn last: an image puts its pixels
 * back only when another one used the canvas since (`CanvasPixels.canvas`). The canvases stay within a byte budget,
 * the least recently used dropped first.
 */

/** Bytes of canvases kept (each one width × height × 4). */
const MAX_CANVAS_BYTES = 96 * 1024 * 1024;

interface Shared {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D | null;
  /** The pixels the canvas holds now. */
  holder: CanvasPixels | null;
}

const canvases = new Map<string, Shared>();

function sharedCanvas(width: number, height: number): Shared {
  const key = `${width}x${height}`;
  let s = canvases.get(key);
  if (s) {
    canvases.delete(key); // most recently used last
  } else {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [width, height];
    s = { canvas, ctx: canvas.getContext('2d'), holder: null };
    const size = (c: Shared) => c.canvas.width * c.canvas.height * 4;
    let total = width * height * 4;
    for (const c of canvases.values()) total += size(c);
    for (const [k, c] of canvases) {
      if (total <= MAX_CANVAS_BYTES) break;
      canvases.delete(k);
      total -= size(c);
    }
  }
  canvases.set(key, s);
  return s;
}

/** An image's pixels (RGBA, row 0 first), drawn through its size's shared canvas. */
export class CanvasPixels {
  constructor(
    readonly rgba: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}

  /** The canvas holding these pixels now: draw it at once (another image of this size may take it next). */
  canvas(): HTMLCanvasElement {
    const s = sharedCanvas(this.width, this.height);
    if (s.holder !== this) {
      s.ctx?.putImageData(new ImageData(this.rgba as Uint8ClampedArray<ArrayBuffer>, this.width, this.height), 0, 0);
      s.holder = this;
    }
    return s.canvas;
  }
}

/** What a raster image's pixels are drawn from: a canvas, a bitmap, or pixels through a shared canvas. */
export type PixelSource = CanvasImageSource | CanvasPixels;

/** The drawable of `source` now (see `CanvasPixels.canvas`). */
export function drawableOf(source: PixelSource): CanvasImageSource {
  return source instanceof CanvasPixels ? source.canvas() : source;
}

/**
 * Makes the shared canvas of this size and writes it once, while the page is idle: the first image of the size then
 * finds its memory ready (the first write of a new 4 MB canvas costs ~20 ms here).
 */
export function prepareCanvas(width: number, height: number): void {
  if (typeof document === 'undefined' || width <= 0 || height <= 0) return;
  const s = sharedCanvas(width, height);
  if (s.holder || !s.ctx) return;
  s.ctx.putImageData(new ImageData(width, height), 0, 0);
  // A draw from it makes the browser write its pixels now, not at the first real draw.
  const probe = document.createElement('canvas');
  [probe.width, probe.height] = [1, 1];
  const ctx = probe.getContext('2d');
  ctx?.drawImage(s.canvas, 0, 0);
  ctx?.getImageData(0, 0, 1, 1);
}
