/**
 * A coloured slice image as the UI shows it: a PNG data URL where the runtime can encode one (browsers and their
 * workers, through OffscreenCanvas), else the raw RGBA pixels (Node) for the caller to encode.
 */
import { type ColouredImage, type ImageRequest, colourImage } from './image';

export interface RenderedImage {
  readonly width: number;
  readonly height: number;
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
  /** `data:image/png;base64,…`, or null when this runtime cannot encode (then `rgba` is set). */
  readonly png: string | null;
  readonly rgba: Uint8ClampedArray | null;
}

interface Canvas2D {
  getContext(kind: '2d'): { putImageData(d: ImageData, x: number, y: number): void } | null;
  convertToBlob(o: { type: string }): Promise<Blob>;
}

/** PNG bytes of an image as a data URL, or null without OffscreenCanvas. */
export async function encodePng(img: ColouredImage): Promise<string | null> {
  const G = globalThis as unknown as {
    OffscreenCanvas?: new (w: number, h: number) => Canvas2D;
    ImageData?: new (d: Uint8ClampedArray, w: number, h: number) => ImageData;
    FileReaderSync?: new () => { readAsDataURL(b: Blob): string };
  };
  if (!G.OffscreenCanvas || !G.ImageData || img.width === 0 || img.height === 0) return null;
  const canvas = new G.OffscreenCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.putImageData(new G.ImageData(img.rgba as Uint8ClampedArray<ArrayBuffer>, img.width, img.height), 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  if (G.FileReaderSync) return new G.FileReaderSync().readAsDataURL(blob);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(bin)}`;
}

/** Colours and encodes a slice image (see `colourImage`). */
export async function renderImage(req: ImageRequest): Promise<RenderedImage> {
  const img = colourImage(req);
  const png = await encodePng(img);
  const { width, height, zmin, zmax, threshold } = img;
  return { width, height, zmin, zmax, threshold, png, rgba: png === null ? img.rgba : null };
}
