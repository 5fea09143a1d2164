/**
 * Registers the bytes → bytes codecs zarrita lacks (bz2, lzma, fletcher32) into zarrita's own `registry`, so code
 * that reads through zarrita directly (e.g. the CLI or a baseline) decodes them too.
 *
 * @example
 * registerExtraCodecs();
 * const arr = await zarr.open.v2(location, { kind: 'array' }); // a bz2-compressed array now reads
 */
import { registry } from 'zarrita';
import { byteDecoder } from './byte-codecs';
import { normalizeCodec } from './normalize';

const EXTRA = ['bz2', 'lzma', 'fletcher32'] as const;

function codecClass(id: string) {
  return {
    fromConfig(config: Record<string, unknown> | undefined) {
      const { configuration } = normalizeCodec({ id, configuration: config ?? {} });
      const decoder = byteDecoder(id, configuration, 1);
      return {
        kind: 'bytes_to_bytes' as const,
        encode(): never {
          throw new Error(`${id}: encoding is not supported (the viewer is read-only).`);
        },
        async decode(bytes: Uint8Array): Promise<Uint8Array> {
          return (await decoder)(bytes);
        },
      };
    },
  };
}

/** Adds the extra codecs under their v3 and `numcodecs.` names (idempotent). */
export function registerExtraCodecs(): void {
  for (const id of EXTRA) {
    const entry = () => Promise.resolve(codecClass(id));
    for (const name of [id, `numcodecs.${id}`]) {
      if (!registry.has(name)) registry.set(name, entry as unknown as Parameters<typeof registry.set>[1]);
    }
  }
}
