/**
 * The HDF5 szip, scale-offset and n-bit decoders as the registry lists them: each module (szip with its CCSDS
 * decoder) loads on the first chunk that needs it, so none is in the start page's code.
 */
import type { BytesCodec } from './codec';

function onFirstUse(get: () => Promise<BytesCodec>): BytesCodec {
  return {
    kind: 'bytes',
    async load(config, context) {
      return (await get()).load(config, context);
    },
  };
}

export const hdf5Szip = onFirstUse(async () => (await import('./hdf5-szip')).hdf5Szip);
export const hdf5ScaleOffset = onFirstUse(async () => (await import('./hdf5-scaleoffset')).hdf5ScaleOffset);
export const hdf5Nbit = onFirstUse(async () => (await import('./hdf5-nbit')).hdf5Nbit);
