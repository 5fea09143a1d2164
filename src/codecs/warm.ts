/**
 * Getting a worker ready for a variable's first chunk: the chunk's size, and each codec with a warm-up run once on
 * made-up bytes of that size.
 */
import type { ChunkSpec } from './pipeline';
import { parseDtype } from './dtype';
import { normalizeCodecs } from './normalize';
import { codecDef } from './registry';

/** A chunk's decoded size in bytes (at least one byte per element), or null for a type not read. */
export function chunkBytes(spec: ChunkSpec): number | null {
  const n = spec.shape.reduce((a, b) => a * b, 1);
  try {
    return n * Math.max(1, parseDtype(spec.dtype).itemSize);
  } catch {
    return null;
  }
}

/** Largest made-up chunk `warmCodecs` runs a codec on. */
const WARM_MAX_BYTES = 64 * 2 ** 20;

/**
 * Runs each codec of a chunk spec that has a warm-up (the WebAssembly ones) once on made-up bytes of the chunk's
 * size (at most 64 MB), so that the first real chunk does not pay for the codec's memory growing. Failures are
 * ignored: a real chunk reports them.
 */
export async function warmCodecs(spec: ChunkSpec): Promise<void> {
  const bytes = chunkBytes(spec);
  if (bytes === null) return;
  const size = Math.min(WARM_MAX_BYTES, bytes);
  for (const { id, configuration } of normalizeCodecs(spec.codecs)) {
    const def = codecDef(id);
    if (def?.kind === 'bytes' && def.warm) await def.warm(configuration, size).catch(() => undefined);
  }
}
