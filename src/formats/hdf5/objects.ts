import type { Datatype } from './message-datatype.ts';
import type { FillValue } from './message-fill-value.ts';
import type { Filter } from './message-filters.ts';
import type { Layout } from './message-layout.ts';
import type { Link } from './message-link.ts';
import type { Hdf5Value } from './values.ts';

/** An attribute with its decoded value (flat, row-major; `null` for a null dataspace). */
export interface Attribute {
  readonly name: string;
  readonly datatype: Datatype;
  /** `[]` for a scalar, `null` for a null dataspace. */
  readonly shape: readonly number[] | null;
  readonly value: readonly Hdf5Value[] | null;
  readonly creationOrder?: number;
  /** Fixed-length string attributes: the stored bytes of every element, NULs and padding included. */
  readonly bytes?: Uint8Array;
}

interface ObjectBase {
  /** The path it was reached by ("/" for the root). */
  readonly path: string;
  /** Absolute file offset of its object header (its identity: two hard links to one object give one address). */
  readonly address: number;
  readonly attributes: readonly Attribute[];
  /** In a truncated file, where the rest of its object header was (its later messages are missing). */
  readonly lostAt?: number | undefined;
}

export interface Hdf5Dataset extends ObjectBase {
  readonly kind: 'dataset';
  readonly datatype: Datatype;
  /** `[]` for a scalar, `null` for a null dataspace. */
  readonly shape: readonly number[] | null;
  /** `null` entries are unlimited dimensions. */
  readonly maxshape: readonly (number | null)[] | null;
  /** Contiguous sizes are filled in from shape × element size when the layout message (v1/v2) gives none. */
  readonly layout: Layout;
  readonly filters: readonly Filter[];
  readonly fillValue: FillValue | undefined;
  /** The data lives in external files (external data files message): not readable here. */
  readonly externalFiles: boolean;
}

export interface Hdf5NamedDatatype extends ObjectBase {
  readonly kind: 'datatype';
  readonly datatype: Datatype;
}

/** A group: links are read when asked. */
export interface Hdf5GroupInfo extends ObjectBase {
  readonly kind: 'group';
}

/** What a link leads to, listed without reading the target's object header. */
export type { Link };
