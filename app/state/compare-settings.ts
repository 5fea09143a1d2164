/** The settings of a comparison with a second dataset (pure: share links read them). */

/** `coords`: B's slice follows A's by coordinate value (dates, levels, lat/lon); `index`: by the same index. */
export type LinkMode = 'coords' | 'index';
/**
 * Regridding of B onto A's grid when the grids differ: `area` is area-weighted by sampling, for a B on a grid of
 * cells (a mesh, HEALPix) and a regular lat/lon A; elsewhere it is taken as `linear`.
 */
export type RegridChoice = 'nearest' | 'linear' | 'area';
/** Side by side, the difference A − B, both on the map, or the metadata diff. */
export type CompareMode = 'side' | 'diff' | 'map' | 'meta';

export const LINK_MODES: readonly LinkMode[] = ['coords', 'index'];
export const REGRID_CHOICES: readonly RegridChoice[] = ['nearest', 'linear', 'area'];
export const COMPARE_MODES: readonly CompareMode[] = ['side', 'diff', 'map', 'meta'];

/** What a share link keeps of a comparison. */
export interface CompareSettings {
  readonly url: string;
  readonly variable?: string | undefined;
  readonly link: LinkMode;
  readonly method: RegridChoice;
  readonly mode: CompareMode;
  /** B's dimensions held at B's own step (by name), not following A's. */
  readonly steps?: Readonly<Record<string, number>> | undefined;
}
