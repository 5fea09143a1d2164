/** What a raster plot (RasterPlot.tsx) is given and reports: its pixels, where they lie, its colour bar, a pointer. */
import type { PixelSource } from './pixel-canvas';
import type { RasterExtent, RasterPoint } from './raster-geometry';

/** Pixels to draw: `width` × `height`, row 0 first (its placement says where row 0 and column 0 lie). */
export interface RasterImage {
  readonly width: number;
  readonly height: number;
  /** An ImageBitmap, a canvas or an OffscreenCanvas holding the pixels. */
  readonly source: PixelSource;
  /** Not every pixel is there yet (a progressive paint): drawn, but the plot is not marked rendered. */
  readonly partial?: boolean | undefined;
  /** Where these pixels lie, when not on the placement (e.g. a finer image of the zoomed part). */
  readonly extent?: RasterExtent | undefined;
  /**
   * A first picture at about the plot's resolution, ahead of the full image (see `ReadOptions.preview`): drawn and
   * counted in the plot's `data-previewed`, not as rendered.
   */
  readonly preview?: boolean | undefined;
  /** What the picture shows (e.g. the time step), set as the plot's `data-frame-index` once it is drawn whole. */
  readonly frame?: string | undefined;
}

/** Where the image lies in data coordinates and its size in pixels (known before the pixels are). */
export interface RasterPlacement extends RasterExtent {
  readonly width: number;
  readonly height: number;
}

/** The colour bar beside the pixels (the same scale the pixels were coloured with; drawn by `ColorBar`). */
export interface RasterColorBar {
  readonly colorscale: readonly (readonly [number, string])[];
  readonly cmin: number;
  readonly cmax: number;
  readonly title: string;
  readonly tickvals?: readonly number[] | undefined;
  readonly ticktext?: readonly string[] | undefined;
}

/** A point under the pointer: data coordinates, image pixel, and the position in the figure (for a read-out). */
export interface RasterPointer extends RasterPoint {
  readonly left: number;
  readonly top: number;
}
