/**
 * A lazy, read-only HDF5 / netCDF-4 metadata reader: opening a file reads its superblock and root object header;
 * groups list their links without reading their members; chunked datasets give each chunk as (offset, size, filter
 * mask) through their chunk index, reading only the index nodes needed. See README.md.
 */
import { UsageError } from '../../errors.ts';
import type { ByteSource } from './byte-source.ts';
import { Hdf5File, type Hdf5Object, type OpenOptions } from './file.ts';
import type { Link } from './message-link.ts';
import type { Hdf5GroupInfo } from './objects.ts';

export { blobSource, bytesSource, type ByteSource } from './byte-source.ts';
export { chunkAt, chunkLocations, type Region } from './chunks.ts';
export type { ChunkLocation } from './chunk-index-types.ts';
export { DEFAULT_LIMITS, type Limits } from './context.ts';
export { Hdf5Error } from './errors.ts';
export { Hdf5File, type Hdf5Object, type OpenOptions } from './file.ts';
export { Hdf5LinkError, MAX_LINK_HOPS, followLink, type LinkFailure, type Reached } from './follow.ts';
export type { Dataspace } from './message-dataspace.ts';
export type { ByteOrder, Charset, CompoundMember, Datatype, EnumMember, StringPadding } from './message-datatype.ts';
export type { FillValue } from './message-fill-value.ts';
export { FILTER_NAMES, type Filter } from './message-filters.ts';
export type { ChunkIndexInfo, Layout } from './message-layout.ts';
export type { Link } from './message-link.ts';
export type { Attribute, Hdf5Dataset, Hdf5GroupInfo, Hdf5NamedDatatype } from './objects.ts';
export type { ReadStats } from './page-cache.ts';
export { readValues } from './read-values.ts';
export { ObjectRef, RegionRef, decodeValues, type Hdf5Value } from './values.ts';

/** A group of an open file: its links are read when asked, its members' headers only when they are opened. */
export class Hdf5Group {
  readonly kind = 'group';
  constructor(
    readonly file: Hdf5File,
    /** The path it was reached by ("/" for the root). */
    readonly path: string,
    /** Absolute offset of its object header. */
    readonly address: number,
  ) {}

  /** Names and targets of the group's links (hard: an address; soft: a path; external: a file and a path). */
  links(): Promise<Link[]> {
    return this.file.links(this.address);
  }

  /** The group's own metadata: its attributes. */
  async info(): Promise<Hdf5GroupInfo> {
    const o = await this.file.objectAt(this.address, this.path);
    if (o.kind !== 'group') throw new UsageError(`${this.path} is not a group.`);
    return o;
  }

  /**
   * The object at `path`, absolute ("/a/b") or relative to this group ("b/c").
   *
   * @example
   * const temp = await root.getObject('/forecast/temp'); // { kind: 'dataset', shape: [...], layout: {...}, ... }
   */
  getObject(path: string): Promise<Hdf5Object> {
    const base = this.path.endsWith('/') ? this.path : `${this.path}/`;
    return this.file.resolve(path.startsWith('/') ? path : base + path);
  }

  /** The subgroup at `path` as an `Hdf5Group` (to list its links). */
  async group(path: string): Promise<Hdf5Group> {
    const o = await this.getObject(path);
    if (o.kind !== 'group') throw new UsageError(`${o.path} is a ${o.kind}, not a group.`);
    return new Hdf5Group(this.file, o.path, o.address);
  }
}

/**
 * Opens an HDF5 file (netCDF-4 included) read through `source`: reads the superblock and nothing else until asked.
 *
 * @example
 * const root = await openHdf5(blobSource(file));
 * const names = (await root.links()).map((l) => l.name);
 * const ds = await root.getObject('temp');
 * if (ds.kind === 'dataset') console.log(await chunkLocations(root.file, ds));
 */
export async function openHdf5(source: ByteSource, options: OpenOptions = {}): Promise<Hdf5Group> {
  const file = await Hdf5File.open(source, options);
  return new Hdf5Group(file, '/', file.superblock.rootAddress);
}
