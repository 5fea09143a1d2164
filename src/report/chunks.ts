/** Chunking and codec facts and findings of one variable, from its metadata alone. */
import { checkCodecs } from '../codecs/index';
import { arraySpec } from '../data/array-spec';
import type { Variable } from '../model/types';
import type { Fact, Finding } from './types';

export const SMALL_CHUNK = 100 * 1024;
export const LARGE_CHUNK = 100 * 1024 * 1024;
export const MANY_CHUNKS = 1000;

/** `1.5 MB`, `12.0 KB`, `300 B` (powers of 1024). */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

const count = (n: number) => n.toLocaleString('en-US');
const shapeText = (s: readonly number[]) => (s.length ? s.join(' × ') : 'scalar');

/** Chunks along each dimension. */
export function chunkGrid(v: Variable): number[] {
  return v.shape.map((n, i) => Math.ceil(n / Math.max(1, v.chunks[i] ?? n)));
}

/** Dimensions a default view shows whole: the last two (the heatmap), or the only one. */
export function typicalSliceDims(v: Variable): number[] {
  const r = v.shape.length;
  return r >= 2 ? [r - 2, r - 1] : r === 1 ? [0] : [];
}

/** A chunk shape for the target size: grow or shrink the slice dimensions by powers of two. */
function suggestChunks(v: Variable, target: number): number[] {
  const c = [...v.chunks];
  const dims = typicalSliceDims(v);
  const bytes = () => c.reduce((a, n) => a * n, 1) * v.itemSize;
  for (let guard = 0; guard < 64 && bytes() > target; guard++) {
    const d = [...c.keys()].sort((a, b) => (c[b] ?? 0) - (c[a] ?? 0))[0] ?? 0;
    c[d] = Math.max(1, Math.ceil((c[d] ?? 1) / 2));
  }
  for (let guard = 0; guard < 64 && bytes() * 2 <= target; guard++) {
    const d =
      dims.find((i) => (c[i] ?? 0) < (v.shape[i] ?? 0)) ?? [...c.keys()].find((i) => (c[i] ?? 0) < (v.shape[i] ?? 0));
    if (d === undefined) break;
    c[d] = Math.min(v.shape[d] ?? 1, (c[d] ?? 1) * 2);
  }
  return c;
}

function codecText(v: Variable): string {
  if (v.codecs.length === 0) return 'none';
  return v.codecs
    .map((c) => {
      const args = Object.entries(c.configuration).map(
        ([k, x]) => `${k}=${typeof x === 'object' ? JSON.stringify(x) : String(x)}`,
      );
      return args.length ? `${c.id}(${args.join(', ')})` : c.id;
    })
    .join(' → ');
}

const COMPRESSORS = /^(zlib|gzip|blosc|zstd|lz4|bz2|lzma|sharding_indexed|deflate|szip)$/;

export function chunkReport(v: Variable): { facts: Fact[]; findings: Finding[] } {
  const facts: Fact[] = [];
  const findings: Finding[] = [];
  const f = (code: string, severity: Finding['severity'], message: string, advice: string) =>
    findings.push({ code, severity, path: v.path, message, advice });
  const grid = chunkGrid(v);
  const total = grid.reduce((a, n) => a * n, 1);
  const chunkBytes = v.chunks.reduce((a, n) => a * n, 1) * v.itemSize;
  const arrayBytes = v.shape.reduce((a, n) => a * n, 1) * v.itemSize;
  facts.push({ label: 'Shape', value: shapeText(v.shape) });
  if (v.shape.length > 0) {
    facts.push({ label: 'Chunk shape', value: shapeText(v.chunks) });
    facts.push({ label: 'Chunks', value: `${count(total)} (${shapeText(grid)})` });
  }
  facts.push({ label: 'Chunk size (uncompressed)', value: v.itemSize ? formatBytes(chunkBytes) : 'variable length' });
  facts.push({ label: 'Codecs', value: codecText(v) });
  if (v.itemSize > 0 && v.shape.length > 0) {
    if (chunkBytes < SMALL_CHUNK && total > 1) {
      // A small array in many chunks costs requests, not much time: worth a note, not a warning.
      f(
        'chunk-small',
        arrayBytes >= 1024 * 1024 ? 'warning' : 'info',
        `Chunks are ${formatBytes(chunkBytes)} uncompressed (${count(total)} chunks): one request per chunk makes reads slow.`,
        `Rechunk to 1–100 MB per chunk, e.g. chunks (${suggestChunks(v, 8 * 1024 * 1024).join(', ')}).`,
      );
    }
    if (chunkBytes > LARGE_CHUNK) {
      f(
        'chunk-large',
        'warning',
        `Chunks are ${formatBytes(chunkBytes)} uncompressed: reading one value fetches and decodes a whole chunk.`,
        `Rechunk to at most 100 MB per chunk, e.g. chunks (${suggestChunks(v, 64 * 1024 * 1024).join(', ')}).`,
      );
    }
  }
  const dims = typicalSliceDims(v);
  const sliceChunks = dims.reduce((a, d) => a * (grid[d] ?? 1), 1);
  if (dims.length > 0) {
    const names = dims.map((d) => v.dimensions[d]?.name ?? `dim ${d}`).join(' × ');
    facts.push({ label: 'Chunks per slice', value: `${count(sliceChunks)} for one ${names} slice` });
    if (sliceChunks > MANY_CHUNKS) {
      f(
        'slice-many-chunks',
        'warning',
        `A ${names} slice touches ${count(sliceChunks)} chunks (over ${count(MANY_CHUNKS)}).`,
        `Use larger chunks along ${names}, e.g. chunks (${suggestChunks(v, 32 * 1024 * 1024).join(', ')}).`,
      );
    }
  }
  if (v.shape.length >= 3 && v.itemSize > 0) {
    const series = grid[0] ?? 1;
    facts.push({
      label: 'Chunks per point series',
      value: `${count(series)} (${formatBytes(series * chunkBytes)}) along ${v.dimensions[0]?.name ?? 'dim 0'}`,
    });
  }
  try {
    const spec = arraySpec(v);
    checkCodecs(spec.chunk.codecs);
    if (spec.shard) facts.push({ label: 'Sharded', value: `inner chunks ${shapeText(spec.chunk.shape)}` });
  } catch (e) {
    f(
      'codec-unsupported',
      'error',
      e instanceof Error ? e.message : String(e),
      'Re-encode the array with a codec common readers share (zlib, zstd, blosc).',
    );
  }
  if (v.itemSize > 0 && arrayBytes > 1024 * 1024 && !v.codecs.some((c) => COMPRESSORS.test(c.id))) {
    f(
      'uncompressed',
      'info',
      `The array is stored uncompressed (${formatBytes(arrayBytes)}).`,
      'A compressor such as zstd or blosc usually cuts transfer several times.',
    );
  }
  return { facts, findings };
}
