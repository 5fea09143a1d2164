import {
  MetadataError,
  isZarrviewError,
  toZarrviewError,
  type ErrorOptions,
  type ZarrviewError,
} from '../../errors.ts';

/**
 * A malformed or inconsistent HDF5 file: `address` is the file offset of the structure that failed to parse (when
 * known), `structure` names it ("object header", "v2 B-tree node", …).
 *
 * @example
 * throw new Hdf5Error('object header', 'bad signature', { address: 4096 });
 */
export class Hdf5Error extends MetadataError {
  readonly address: number | undefined;
  readonly structure: string;
  constructor(structure: string, message: string, options: ErrorOptions & { address?: number | undefined } = {}) {
    const at = options.address === undefined ? '' : ` at byte ${options.address}`;
    super(`HDF5 ${structure}${at}: ${message}`, options);
    this.name = 'Hdf5Error';
    this.address = options.address;
    this.structure = structure;
  }
}

/** Rethrows a typed error as it is; anything else becomes an `Hdf5Error` of `structure` with the original as cause. */
export function asHdf5Error(e: unknown, structure: string, address?: number): ZarrviewError {
  if (isZarrviewError(e)) return e;
  if (e instanceof DOMException && e.name === 'AbortError') return toZarrviewError(e, 'aborted', 'cancelled');
  return new Hdf5Error(structure, e instanceof Error ? e.message : String(e), { cause: e, address });
}
