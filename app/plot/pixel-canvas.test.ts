import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A canvas double that records what was put into it. */
interface FakeCanvas {
  width: number;
  height: number;
  puts: Uint8ClampedArray[];
  getContext(): { putImageData(d: { data: Uint8ClampedArray }): void; drawImage(): void; getImageData(): void };
}

let made: FakeCanvas[] = [];

beforeEach(() => {
  made = [];
  vi.resetModules();
  vi.stubGlobal('document', {
    createElement: () => {
      const c: FakeCanvas = {
        width: 0,
        height: 0,
        puts: [],
        getContext: () => ({
          putImageData: (d) => c.puts.push(d.data),
          drawImage: () => undefined,
          getImageData: () => undefined,
        }),
      };
      made.push(c);
      return c;
    },
  });
  vi.stubGlobal(
    'ImageData',
    class {
      readonly data: Uint8ClampedArray;
      constructor(a: Uint8ClampedArray | number, w: number, _h: number) {
        this.data = typeof a === 'number' ? new Uint8ClampedArray(a * w * 4) : a;
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const pixels = (n: number, v: number) => new Uint8ClampedArray(n * 4).fill(v);

describe('CanvasPixels', () => {
  it('shares one canvas per size, putting an image’s pixels back only when another image used it since', async () => {
    const { CanvasPixels, drawableOf } = await import('./pixel-canvas');
    const a = new CanvasPixels(pixels(6, 1), 3, 2);
    const b = new CanvasPixels(pixels(6, 2), 3, 2);
    const c = drawableOf(a) as unknown as FakeCanvas;
    expect(drawableOf(a)).toBe(c);
    expect(c.puts).toEqual([a.rgba]);
    expect(drawableOf(b)).toBe(c);
    expect(drawableOf(b)).toBe(c);
    expect(drawableOf(a)).toBe(c);
    expect(c.puts).toEqual([a.rgba, b.rgba, a.rgba]);
    expect([c.width, c.height]).toEqual([3, 2]);
    // Another size, another canvas; a canvas or bitmap is drawn as it is.
    const d = new CanvasPixels(pixels(2, 3), 1, 2);
    expect(drawableOf(d)).not.toBe(c);
    const own = {} as CanvasImageSource;
    expect(drawableOf(own)).toBe(own);
  });

  it('keeps canvases within the byte budget, dropping the least recently used', async () => {
    const { CanvasPixels, drawableOf } = await import('./pixel-canvas');
    // 3000 × 3000 × 4 = 36 MB each: the budget (96 MB) holds two of them.
    const big = (w: number) => new CanvasPixels(new Uint8ClampedArray(0), w, 3000);
    const first = drawableOf(big(3000));
    drawableOf(big(3001));
    expect(drawableOf(big(3000))).toBe(first); // used last now
    drawableOf(big(3002)); // drops 3001, the least recently used
    expect(drawableOf(big(3000))).toBe(first);
    const count = made.length;
    drawableOf(big(3001));
    expect(made.length).toBe(count + 1);
  });

  it('prepareCanvas makes and writes a size’s canvas ahead, which the first image of that size then takes', async () => {
    const { CanvasPixels, drawableOf, prepareCanvas } = await import('./pixel-canvas');
    prepareCanvas(4, 4);
    const shared = made[0]!;
    expect(shared.puts).toHaveLength(1);
    const img = new CanvasPixels(pixels(16, 9), 4, 4);
    expect(drawableOf(img)).toBe(shared);
    expect(shared.puts.at(-1)).toBe(img.rgba);
  });
});
