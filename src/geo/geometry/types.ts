/** CF simple geometries (CF 1.8 §7.5) as the Map draws them: what the metadata says, the shapes, the typed error. */
import { MetadataError } from '../../errors';
import type { GridMapping } from '../grid-mapping/types';

/** CF's geometry types (the container's `geometry_type`). */
export type GeometryType = 'point' | 'line' | 'polygon';

/** A data variable with a `geometry` attribute, from the metadata alone. */
export interface GeometrySpec {
  readonly geometryType: GeometryType;
  /** Path of the data variable. */
  readonly variable: string;
  /** Path of the geometry container variable. */
  readonly container: string;
  /** The instance dimension's name: one geometry per index. */
  readonly instanceDim: string;
  /** Position of the instance dimension among the data variable's dimensions. */
  readonly mapDim: number;
  /** Number of geometries. */
  readonly instances: number;
  /** The node coordinate variables (x or longitude, y or latitude). */
  readonly x: string;
  readonly y: string;
  /** Whether x/y are longitude/latitude (else projected, placed through `gridMapping`). */
  readonly lonLat: boolean;
  /** Nodes per geometry (null: one node each, points only). */
  readonly nodeCount: string | null;
  /** Nodes per part (null: one part each). */
  readonly partNodeCount: string | null;
  /** Per part, 1 for a hole (polygons; null: no holes). */
  readonly interiorRing: string | null;
  /** The container's (or the data variable's) grid mapping, or null. */
  readonly gridMapping: string | null;
  /** The projection of projected x/y nodes (null for longitude/latitude), and the nodes' units in its own. */
  readonly mapping: GridMapping | null;
  readonly scale: number;
  /** The `cf_role` id variable along the instances, or null. */
  readonly ids: string | null;
  /** A text variable naming the instances besides their ids, or null. */
  readonly names: string | null;
}

export type GeometryResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'geometry'; readonly spec: GeometrySpec }
  /** A `geometry` attribute is there but the container cannot be drawn: `message` says why, naming the variable. */
  | { readonly kind: 'problem'; readonly message: string };

/** One ring or line of a geometry: its nodes' x/y interleaved, and whether it is a polygon's hole. */
export interface GeometryPart {
  readonly xy: Float64Array;
  readonly hole: boolean;
}

/** The geometries of a container, one per instance, each labelled by its id and name (or its index). */
export interface Geometries {
  readonly geometryType: GeometryType;
  readonly shapes: readonly (readonly GeometryPart[])[];
  readonly labels: readonly string[];
}

/** A malformed geometry container: node counts that do not add up, rings of the wrong length, a missing node. */
export class GeometryError extends MetadataError {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.name = 'GeometryError';
  }
}
