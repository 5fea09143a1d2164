/**
 * What an unstructured mesh is once found in the metadata (`MeshSpec`: which arrays hold its vertices and how to
 * read them) and once read (`MeshGeometry`: one polygon per cell in degrees, sent to the decode workers as it is),
 * and the typed problems of a malformed mesh (what is well formed is drawn, the rest is named).
 */

/** The conventions read: ICON-like CF `bounds` on 1-D cell coordinates, CF-UGRID 2-D topology, MPAS. */
export type MeshKind = 'icon' | 'ugrid' | 'mpas';

export const MESH_LABELS: Readonly<Record<MeshKind, string>> = {
  icon: 'cells given by their vertices (CF bounds of 1-D cell coordinates, as ICON writes)',
  ugrid: 'CF-UGRID 2-D mesh',
  mpas: 'MPAS Voronoi cells',
};

/** Why part of a mesh is not drawn (or the whole of it). */
export type MeshProblemKind =
  | 'missing-variable' // an attribute names no variable, or a required variable is absent
  | 'bad-shape' // connectivity or vertex arrays whose dimensions do not fit the cells
  | 'too-many-cells' // more cells (or vertices) than the map will read
  | 'bad-start-index' // a UGRID start_index other than 0 or 1
  | 'index-out-of-range' // a connectivity index outside the nodes
  | 'fill-inside-face' // a fill value followed by a valid index in one face
  | 'too-few-vertices' // a face with fewer than 3 valid vertices
  | 'bad-coordinates' // a vertex with a non-finite or out-of-range longitude/latitude
  | 'edge-to-itself' // an edge whose two nodes are one
  | 'edge-filled' // an edge with a fill value for a node
  | 'edge-without-face'; // an edge of a 2-D mesh that borders no face (no kite to draw)

export interface MeshProblem {
  readonly kind: MeshProblemKind;
  /** A sentence a user can act on, naming the variable or attribute. */
  readonly message: string;
  /** Cells affected (data-level problems), and the first of them. */
  readonly cells?: number | undefined;
  readonly first?: number | undefined;
}

/** Vertices of a cell's polygon: per cell in `(cells, nv)` arrays (ICON bounds), or nodes through a connectivity. */
export type MeshVertices =
  | {
      readonly form: 'bounds';
      /** `(cells, nv)` longitudes and latitudes of each cell's vertices. */
      readonly lon: string;
      readonly lat: string;
    }
  | {
      readonly form: 'connectivity';
      readonly nodeLon: string;
      readonly nodeLat: string;
      /** `(faces, nv)` node indices (or `(nv, faces)` when `transposed`). */
      readonly connectivity: string;
      readonly transposed: boolean;
      /** Index of the first node: 0, or 1 (UGRID `start_index`, MPAS). */
      readonly startIndex: number;
      /** Valid vertices per face (MPAS `nEdgesOnCell`); the rest of a row is padding. */
      readonly count?: string | undefined;
    };

/** A mesh as the metadata describes it (no data read yet). */
export interface MeshSpec {
  readonly kind: MeshKind;
  /** The mesh's variable (UGRID topology), or the data variable's cell coordinate. */
  readonly name: string;
  /** Position of the cell (or node) dimension among the data variable's dimensions. */
  readonly dim: number;
  /**
   * Where the data lie: on the faces (cells), on the nodes (interpolated across each face, `interpolate.ts`), or on
   * the edges (each drawn on its kite, `edges.ts`).
   */
  readonly location: 'face' | 'node' | 'edge';
  /** Faces of the mesh, and vertices per face at most. */
  readonly faces: number;
  readonly maxVertices: number;
  readonly vertices: MeshVertices;
  /** Coordinates of the data cells (face centres or nodes) for the hover, when the file gives them. */
  readonly centres?: { readonly lon: string; readonly lat: string } | undefined;
  /** Factor of the coordinates to degrees, per variable path (1, or 180/π for radians). */
  readonly toDegrees: Readonly<Record<string, number>>;
  /** Problems found in the metadata alone. */
  readonly problems: readonly MeshProblem[];
  /** Edge-located data: the edges' connectivity (the data's cells are the edges). */
  readonly edges?: MeshEdges | undefined;
}

/** A UGRID `edge_node_connectivity` (and `edge_face_connectivity` when the file gives it). */
export interface MeshEdges {
  readonly count: number;
  /** The edge dimension's name (the data's cells). */
  readonly dimension: string;
  /** `(edges, 2)` node indices (or `(2, edges)` when `transposed`), from `startIndex`. */
  readonly connectivity: string;
  readonly transposed: boolean;
  readonly startIndex: number;
  /** `(edges, 2)` face indices, filled on the boundary. */
  readonly faces?: { readonly path: string; readonly transposed: boolean; readonly startIndex: number } | undefined;
}

/**
 * A mesh read into polygons: cell `k`'s vertices are `lon/lat[offsets[k] … offsets[k+1])` in degrees (none for a
 * malformed face). For node-located data, `nodes` gives each vertex's node (the value index).
 */
export interface MeshGeometry {
  readonly kind: 'mesh';
  /** Number of faces (polygons). */
  readonly faces: number;
  readonly offsets: Int32Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** Node-located data: the node of every vertex. */
  readonly nodes?: Int32Array | undefined;
}
