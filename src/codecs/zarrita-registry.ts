/**
 * Registers the bytes → bytes codecs zarrita lacks (those marked `addToZarrita` in `registry.ts`: bz2, lzma,
 * fletcher32, crc32, adler32) into zarrita's own `registry`, so code that reads through zarrita directly (e.g. a
 * baseline) decodes them too.
 *
 * @example
 * registerExtraCodecs();
 * const arr = await zarr.open.v2(location, { kind: 'array' }); // a bz2-compressed array now reads
 */
import { registry } from 'zarrita';
import type { BytesCodec } from './codec';
import { normalizeCodec } from './normalize';
import { codecEntries } from './registry';

function codecClass(id: string, def: BytesCodec) {
  return {
    fromConfig(config: Record<string, unknown> | undefined) {
      const { configuration } = normalizeCodec({ id, configuration: config ?? {} });
      const decoder = Promise.resolve().then(() => def.load(configuration, { itemSize: 1, maxBytes: 2 ** 30 }));
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
  for (const [id, def] of codecEntries()) {
    if (def.kind !== 'bytes' || !def.addToZarrita) continue;
    const entry = () => Promise.resolve(codecClass(id, def));
    for (const name of [id, `numcodecs.${id}`]) {
      if (!registry.has(name)) registry.set(name, entry as unknown as Parameters<typeof registry.set>[1]);
    }
  }
}
