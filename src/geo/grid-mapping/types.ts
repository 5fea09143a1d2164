/** What a CF grid mapping (CF §5.6, Appendix F) is once read: a proj4 definition and how x/y map onto it. */

/** Why a grid mapping was not used (the field is then shown natively, over its x/y indices or values). */
export type GridMappingProblemKind =
  | 'unknown-name' // grid_mapping_name not in CF Appendix F
  | 'missing-parameter' // a parameter the mapping needs is absent or not a number
  | 'bad-parameter' // a parameter out of its range
  | 'missing-variable' // the grid_mapping attribute names no variable
  | 'no-coordinates' // the projected x/y coordinates are not found
  | 'bad-units' // x/y units that are not a length (or radians for geostationary)
  | 'wkt'; // crs_wkt could not be used (the CF parameters were)

export interface GridMappingProblem {
  readonly kind: GridMappingProblemKind;
  /** The grid mapping variable's path (or the data variable's, when the mapping is not found). */
  readonly variable: string;
  /** A sentence a user can act on, naming the attribute or parameter. */
  readonly message: string;
}

/** A grid mapping read into a proj4 definition. */
export interface GridMapping {
  /** CF's grid_mapping_name (`latitude_longitude` … `vertical_perspective`), or `crs_wkt` when only the WKT names it. */
  readonly name: string;
  /** The mapping's proj4 definition (projected or rotated CRS). */
  readonly proj4: string;
  /** The geodetic CRS on the same earth (what longitude/latitude are given in). */
  readonly geodetic: string;
  /** Where the definition came from. */
  readonly source: 'cf' | 'crs_wkt';
  /** `true` when x/y are scan angles (geostationary): metres = angle in radians × perspective_point_height. */
  readonly angular: boolean;
  /** perspective_point_height of geostationary, else 0. */
  readonly height: number;
  /** `true` when x/y are longitudes/latitudes in degrees (rotated pole, latitude_longitude). */
  readonly degrees: boolean;
  /** Problems that did not stop the mapping (a crs_wkt that could not be read). */
  readonly warnings: readonly GridMappingProblem[];
}

export type GridMappingResult =
  { readonly ok: true; readonly mapping: GridMapping } | { readonly ok: false; readonly problem: GridMappingProblem };
