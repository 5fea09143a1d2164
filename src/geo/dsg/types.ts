/** CF discrete sampling geometries (CF §9) as the Map draws them: what the metadata says, and its typed error. */
import { MetadataError } from '../../errors';

/** CF's feature types (the global `featureType`, case-insensitive), in CF's spelling. */
export type FeatureType = 'point' | 'timeSeries' | 'trajectory' | 'profile' | 'timeSeriesProfile' | 'trajectoryProfile';

export const FEATURE_TYPES: readonly FeatureType[] = [
  'point',
  'timeSeries',
  'trajectory',
  'profile',
  'timeSeriesProfile',
  'trajectoryProfile',
];

/**
 * How the elements are stored (CF §9.3): `multidimensional` (orthogonal or incomplete: instance × element arrays),
 * `contiguous` ragged (a count variable with `sample_dimension`), `indexed` ragged (an index variable with
 * `instance_dimension`), `point` (one dimension of points, no instances), `single` (one feature, no instance
 * dimension: CF H.2.3 `temp(time)` with scalar lat/lon, H.4.2 `lat(time)`, H.3.3 `temp(z)`; a scalar id).
 */
export type DsgLayout = 'multidimensional' | 'contiguous' | 'indexed' | 'point' | 'single';

/** A data variable of a DSG file, from the metadata alone. */
export interface DsgSpec {
  readonly featureType: FeatureType;
  readonly layout: DsgLayout;
  /** Path of the data variable. */
  readonly variable: string;
  /** The instance dimension's name (stations, trajectories, profiles), null for `point` and `single`. */
  readonly instanceDim: string | null;
  /** The element dimension's name (times, observations, levels, points). */
  readonly elementDim: string;
  /** Position, among the data variable's dimensions, of the one the Map draws along (one mark per index). */
  readonly mapDim: number;
  /**
   * The data variable's dimensions the Map draws along, in its order: `[mapDim]`, or two for features placed by
   * 2-D latitude/longitude (`lat(trajectory, obs)`: one mark per trajectory and observation, row-major).
   */
  readonly mapDims: readonly number[];
  /** Whether the marks drawn are the instances (a station's value) or the elements (a trajectory's points). */
  readonly marks: 'instance' | 'element';
  /** Number of marks: the product of the data variable's lengths along `mapDims`. */
  readonly length: number;
  /** Number of instances (0 for `point`, 1 for `single`). */
  readonly instances: number;
  readonly latitude: string;
  readonly longitude: string;
  /**
   * Whether latitude/longitude are along the instance dimension, the elements, or the profiles of a two-level
   * ragged array (a trajectoryProfile's profiles, each at its own place).
   */
  readonly placedBy: 'instance' | 'element' | 'profile';
  /** The `cf_role` id variable (timeseries_id, trajectory_id, profile_id), or null. */
  readonly ids: string | null;
  /** A text variable naming the instances besides their ids (`station_name`), or null. */
  readonly names: string | null;
  /** The count variable of a contiguous ragged array, or the index variable of an indexed one. */
  readonly ragged: string | null;
  /**
   * Two-level ragged arrays (CF H.5.3, H.6.3): the profile dimension (the count variable's), and the index
   * variable (`instance_dimension`, along the profiles) giving each profile's station or trajectory; else null.
   */
  readonly profileDim: string | null;
  readonly profileIndex: string | null;
  /** The elements' time and vertical coordinates, and what they are along; null when the Map has no use for them. */
  readonly time: DsgCoordinate | null;
  readonly z: DsgCoordinate | null;
  /**
   * Several elements at one place (ragged stations and profiles): the Map shows, at each place, the element at the
   * time and depth of its own sliders, and a click gives the feature's elements in order.
   */
  readonly stacked: boolean;
}

/** A coordinate of the elements: one value per element, per instance or per profile (two-level ragged). */
export interface DsgCoordinate {
  readonly path: string;
  readonly along: 'element' | 'instance' | 'profile';
}

export type DsgResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'dsg'; readonly spec: DsgSpec }
  /** A `featureType` is declared but this variable cannot be drawn: `message` says why. */
  | { readonly kind: 'problem'; readonly featureType: FeatureType; readonly message: string };

/** A malformed discrete sampling geometry: counts that do not add up, an index out of range, no position. */
export class DsgError extends MetadataError {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.name = 'DsgError';
  }
}
