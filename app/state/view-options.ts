/** How a slice is drawn: the view kind and its options (kept in the view store and in share links). */
import type { ProjectionName } from '../core';
import type { ColormapName, ScaleName } from '../plot/colormap';

/** `auto` (the first view that applies) or the `kind` of a registered view (see `app/views/registry.ts`). */
export type ViewKind = string;

export interface ViewOptions {
  readonly view: ViewKind;
  readonly colormap: ColormapName;
  readonly invert: boolean;
  readonly scale: ScaleName;
  /** Fixed colour range, or null for auto. */
  readonly range: readonly [number, number] | null;
  /** Show the stored values (no scale/offset, no masking) instead of the CF-decoded ones. */
  readonly raw: boolean;
  /** Map view: projection, coastlines drawn, centre [lon, lat] (the orthographic view's, or the central meridian). */
  readonly projection: ProjectionName;
  readonly coastlines: boolean;
  readonly center: readonly [number, number];
  /**
   * Compound variables (netCDF-4): the member shown (`relhum`, `xx.i`, `vals[1]`), `''` for whole records as text,
   * null for the default (the first numeric member).
   */
  readonly field: string | null;
}

export function defaultViewOptions(): ViewOptions {
  return {
    view: 'auto',
    colormap: 'viridis',
    invert: false,
    scale: 'linear',
    range: null,
    raw: false,
    projection: 'equirectangular',
    coastlines: true,
    center: [0, 0],
    field: null,
  };
}
