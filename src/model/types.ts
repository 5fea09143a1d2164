/**
 * The one netCDF-style model that every metadata dialect (Zarr v2/v3, NCZarr v1/v2/attribute form, xarray,
 * consolidated) is parsed into. Nothing downstream of the readers looks at the dialect again.
 */
import type { RepositoryVersion } from '../store/types';

/** netCDF-4 atomic types, named as CDL names them. */
export type NcAtomicType =
  'byte' | 'ubyte' | 'short' | 'ushort' | 'int' | 'uint' | 'int64' | 'uint64' | 'float' | 'double' | 'char' | 'string';

/** Zarr types netCDF has no atomic type for; shown with these names. */
export type ExtraType =
  'bool' | 'half' | 'complex64' | 'complex128' | 'datetime64' | 'timedelta64' | 'opaque' | 'compound' | 'vlen';

export type ValueType = NcAtomicType | ExtraType;

export type NumericAttributeType = Exclude<NcAtomicType, 'char' | 'string' | 'int64' | 'uint64'>;

/** A type as a netCDF-4 field, vlen base or variable names it: atomic, or user-defined (user-types.ts). */
export type TypeRef = NcAtomicType | UserType;

/** One field of a compound type; `dims` is `[]` for a scalar field, the array's shape otherwise. */
export interface CompoundField {
  readonly name: string;
  /** Byte offset in netCDF's in-memory layout (what `nc_inq_compound_field` gives). */
  readonly offset: number;
  readonly type: TypeRef;
  readonly dims: readonly number[];
}

interface UserTypeBase {
  readonly name: string;
  /** Full path of the type: its group's path and its name (`/grp/cmp_t`). */
  readonly path: string;
  /** Bytes of one value as netCDF counts them (a vlen counts its base type's size). */
  readonly size: number;
}

/** A netCDF-4 user-defined type, defined in one group (`Group.types`). */
export type UserType =
  | (UserTypeBase & { readonly kind: 'compound'; readonly fields: readonly CompoundField[] })
  | (UserTypeBase & { readonly kind: 'vlen'; readonly base: TypeRef })
  | (UserTypeBase & {
      readonly kind: 'enum';
      readonly base: NcAtomicType;
      readonly members: readonly { readonly name: string; readonly value: number | bigint }[];
    })
  | (UserTypeBase & { readonly kind: 'opaque' });

/**
 * A value of a user-defined type (or of an atomic type inside one): numbers, bigints (64-bit integers), strings
 * (`string`; `char` as a string of byte codes 0–255), `null` for a NULL string, bytes (opaque), enums as their
 * integers, compounds as the list of their fields' values (an array field as the flat list of its elements), vlens
 * as the list of their elements.
 */
export type UserValue = number | bigint | string | null | Uint8Array | readonly UserValue[];

/** A typed attribute. Text (`char`) is one string; int64/uint64 are exact bigints. */
export type Attribute =
  | { readonly name: string; readonly type: 'char'; readonly value: string }
  | {
      readonly name: string;
      /** An attribute of a user-defined type. */
      readonly type: 'user';
      readonly userType: UserType;
      readonly value: readonly UserValue[];
    }
  | { readonly name: string; readonly type: 'string'; readonly value: readonly string[] }
  | { readonly name: string; readonly type: 'int64' | 'uint64'; readonly value: readonly bigint[] }
  | { readonly name: string; readonly type: NumericAttributeType; readonly value: readonly number[] };

export interface Dimension {
  readonly name: string;
  /** Full path of the dimension, e.g. `/grp/lat`. */
  readonly path: string;
  readonly length: number;
  readonly unlimited: boolean;
  /** A dimension netcdf-c invents for pure Zarr (`_Anonymous_Dim_<len>`). */
  readonly anonymous: boolean;
}

/** One codec of the chain, as the metadata gives it (v2 filters + compressor, or the v3 chain). */
export interface Codec {
  readonly id: string;
  readonly configuration: Readonly<Record<string, unknown>>;
}

export type FillValue = number | bigint | string | boolean | readonly [number, number] | Uint8Array | null;

/** Where the bytes of an array live in the store and how chunk keys are spelled. */
export interface ArrayStorage {
  readonly zarrFormat: 2 | 3;
  /** Store key of the array's folder, without leading or trailing slash ('' for the root). */
  readonly key: string;
  /** Chunk key separator and prefix: v2 `.` or `/`; v3 default encoding `c/` prefix. */
  readonly chunkSeparator: '.' | '/';
  readonly chunkKeyPrefix: '' | 'c/';
  /** The array metadata as zarrita expects it (v3 shape), for the data path. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The codec list as stored (v2 filters + compressor, or the v3 chain) in JSON text, as `ncdump -s` shows it in `_Codecs`. */
  readonly codecsText?: string | undefined;
}

export interface Variable {
  readonly name: string;
  /** Full path, e.g. `/grp/temp`. */
  readonly path: string;
  readonly type: ValueType;
  /** The original Zarr data type, e.g. `<f4`, `|S8`, `float32`, `<M8[ns]`. */
  readonly dtype: string;
  /** Bytes per element in storage (0 for variable-length). */
  readonly itemSize: number;
  readonly endianness: 'little' | 'big' | 'none';
  readonly dimensions: readonly Dimension[];
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  readonly order: 'C' | 'F';
  readonly fillValue: FillValue;
  readonly codecs: readonly Codec[];
  /**
   * Filters a file format's store decodes itself before handing the chunk on (the HDF5 filters of netCDF-4 strings
   * and user types): not for the data path, shown by `ncdump -s` as the file's filters.
   */
  readonly storeCodecs?: readonly Codec[] | undefined;
  /** `scalar` for rank 0; `chunked` otherwise (netCDF's `_Storage`). */
  readonly storage: 'chunked' | 'contiguous' | 'compact' | 'scalar';
  readonly attributes: readonly Attribute[];
  /**
   * The user-defined type of a netCDF-4 variable. `type` is then `compound`, `vlen` or `opaque` (values handed on
   * as one JSON text per element, user-types.ts), or for an enum its base integer type (values are the integers).
   */
  readonly userType?: UserType | undefined;
  /** NCZarr `_nczarr_maxstrlen` / netCDF string length for fixed-size string storage. */
  readonly maxStrlen?: number | undefined;
  readonly zarr: ArrayStorage;
  /**
   * Set on the finest level of a multiscale pyramid (multiscales.ts): every level, finest first, this variable
   * being the first. The pyramid is shown as this one variable; the other levels stay in the tree at their paths,
   * each with `pyramidLevel`.
   */
  readonly pyramid?: Pyramid | undefined;
  /** Set on a coarser level of a pyramid: the path of the variable carrying the pyramid, and this level's index. */
  readonly pyramidLevel?: PyramidLevelOf | undefined;
}

/** Which `multiscales` layout declared a pyramid. */
export type PyramidConvention = 'ome-ngff' | 'zarr-conventions' | 'ndpyramid';

/** One resolution level of a pyramid. */
export interface PyramidLevel {
  /** Full path of the level's variable, e.g. `/image/1` or `/2/tas`. */
  readonly path: string;
  readonly shape: readonly number[];
  /**
   * Size of a cell along each axis. OME-NGFF: the level's `scale` transform (composed with the multiscale's own),
   * in the axes' units; zarr-conventions: the `transform.scale` factors multiplied along `derived_from` up to the
   * level with none (relative to that level). Absent when the declaration gives none (ndpyramid).
   */
  readonly scale?: readonly number[] | undefined;
  /** Offset of the first cell's centre along each axis (OME-NGFF `translation`, composed), when declared. */
  readonly translation?: readonly number[] | undefined;
  /** The level's affine geotransform (GDAL order: 6 numbers), from zarr-conventions' `spatial:transform`. */
  readonly geoTransform?: readonly number[] | undefined;
}

export interface Pyramid {
  readonly convention: PyramidConvention;
  /** The declared version (OME-NGFF `version`, zarr-conventions `version`, ndpyramid's `metadata.version`). */
  readonly version?: string | undefined;
  /** Path of the group whose attributes declare the pyramid. */
  readonly group: string;
  /** OME-NGFF `name` of the multiscale image. */
  readonly name?: string | undefined;
  /** OME-NGFF axes, one per dimension of every level. */
  readonly axes?: readonly { readonly name: string; readonly type?: string; readonly unit?: string }[] | undefined;
  /** How the coarser levels were made, when declared (OME `type`, ndpyramid `metadata.method`, `resampling_method`). */
  readonly method?: string | undefined;
  /** ndpyramid's `pixels_per_tile`, when declared. */
  readonly pixelsPerTile?: number | undefined;
  /** Every level, finest first (the first is the variable carrying the pyramid); at least two. */
  readonly levels: readonly PyramidLevel[];
}

/** A coarser level's link to its pyramid. */
export interface PyramidLevelOf {
  /** Path of the variable carrying the pyramid (its finest level). */
  readonly pyramid: string;
  /** Index in `Pyramid.levels` (1 or more). */
  readonly index: number;
}

/** Something in the dataset that could not be read; the rest stays usable. */
export interface Problem {
  /** Store key or model path it concerns. */
  readonly key: string;
  readonly message: string;
  readonly error: unknown;
}

/** A child a group's metadata names (NCZarr annotation or listing) whose own metadata is not read yet. */
export interface PendingNode {
  readonly name: string;
  /** Full path it will have as a variable, e.g. `/grp/temp`. */
  readonly path: string;
  /** `variable`: named as an array by NCZarr; `node`: a listed folder (most likely an array, maybe a group). */
  readonly kind: 'variable' | 'node';
}

export interface Group {
  readonly name: string;
  /** Full path, `/` for the root. */
  readonly path: string;
  readonly attributes: readonly Attribute[];
  /** Dimensions defined in this group. */
  readonly dimensions: readonly Dimension[];
  /** User-defined types defined in this group (netCDF-4), in definition order. */
  readonly types?: readonly UserType[] | undefined;
  readonly variables: readonly Variable[];
  readonly groups: readonly Group[];
  /** Problems met reading this group's own objects and children. */
  readonly problems: readonly Problem[];
  /**
   * Lazy open only: children not read yet, in metadata order (empty once all are read). `dimensions` and
   * `variables` describe what is read so far; for pure Zarr the group's dimensions are complete only then.
   */
  readonly pending?: readonly PendingNode[] | undefined;
  /** Lazy open only: names of the group's array slots (read or pending) in metadata order. */
  readonly childNames?: readonly string[] | undefined;
}

export type NczarrForm = 'v1-objects' | 'keys-upper' | 'keys-lower' | 'attributes';

export interface Dialect {
  readonly zarrFormat: 2 | 3;
  /** NCZarr metadata form, or null for pure Zarr. */
  readonly nczarr: NczarrForm | null;
  /** Whether `_ARRAY_DIMENSIONS` named dimensions. */
  readonly xarray: boolean;
  readonly consolidated: boolean;
  /** NCZarr superblock version (e.g. `2.0.0`), when present. */
  readonly nczarrVersion?: string | undefined;
}

export interface Dataset {
  readonly root: Group;
  readonly dialect: Dialect;
  /** Dataset name as ncdump derives it from the path (file stem). */
  readonly name: string;
  /** Problems anywhere in the tree, flattened. */
  readonly problems: readonly Problem[];
  /** The root's `_NCProperties` text (netCDF provenance), shown by `ncdump -s`. */
  readonly ncProperties?: string | undefined;
  /**
   * The format of a file read in place (src/formats) as ncdump's `_Format` names it: `classic`, `64-bit offset`,
   * `cdf5`. Absent for Zarr stores.
   */
  readonly format?: string | undefined;
  /** An HDF5 file: its superblock version and whether netCDF-4 wrote it (`ncdump -s`). */
  readonly fileSpecial?: { readonly superblockVersion: number; readonly isNetcdf4: boolean } | undefined;
  /** A version of an Icechunk repository: which one, its snapshot, the spec version. */
  readonly repository?: RepositoryVersion | undefined;
}
