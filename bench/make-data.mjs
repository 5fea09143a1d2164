#!/usr/bin/env node
// Benchmark data, written at bench time in Node (when zarr-python is not installed) into OUTDIR as Zarr v2 with consolidated
// metadata:
//   f32_blosc_lz4, f32_zlib  256 MB of float32 each (shape 256x512x512, 8 MB chunks), a smooth field plus noise
//   v4d                      a chunked 4-D variable (time, level, y, x) = (12, 8, 512, 512), chunks (1, 1, 128, 128), zlib
// Encoders: node:zlib (zarr's zlib codec is the zlib format) and numcodecs' blosc (the C library, as WASM), whose
// encoder takes no typesize: its shuffle works on 1-byte items, so blosc data differ from zarr-python's (typesize 4).
// Usage: make-data.mjs OUTDIR
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import Blosc from 'numcodecs/blosc';

const out = process.argv[2];
if (!out) throw new Error('usage: make-data.mjs OUTDIR');
const N = 512;

/** mulberry32 + Box–Muller: a seeded standard normal generator, so every run writes the same bytes. */
function normals(seed) {
  let a = seed >>> 0;
  const u = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}
const randn = normals(42);
const base = new Float32Array(N * N);
for (let y = 0; y < N; y++)
  for (let x = 0; x < N; x++) base[y * N + x] = Math.sin((6 * x) / N) * Math.cos((4 * y) / N) * 20 + 280;

/** One 512 x 512 level: the base field, a small offset per level, and noise (sd 0.05). */
function field(k) {
  const f = new Float32Array(N * N);
  for (let i = 0; i < f.length; i++) f[i] = base[i] + k * 0.01 + randn() * 0.05;
  return f;
}

const metadata = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
function array(name, shape, chunks, compressor, dims) {
  const zarray = {
    zarr_format: 2,
    shape,
    chunks,
    dtype: '<f4',
    compressor,
    fill_value: 0.0,
    filters: null,
    order: 'C',
  };
  const zattrs = { _ARRAY_DIMENSIONS: dims };
  mkdirSync(path.join(out, name), { recursive: true });
  writeFileSync(path.join(out, name, '.zarray'), JSON.stringify(zarray, null, 4));
  writeFileSync(path.join(out, name, '.zattrs'), JSON.stringify(zattrs, null, 4));
  metadata[`${name}/.zarray`] = zarray;
  metadata[`${name}/.zattrs`] = zattrs;
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
writeFileSync(path.join(out, '.zattrs'), '{}');

const blosc = Blosc.fromConfig({ cname: 'lz4', clevel: 5, shuffle: 1, blocksize: 0 });
const codecs = {
  f32_blosc_lz4: {
    config: { id: 'blosc', cname: 'lz4', clevel: 5, shuffle: 1, blocksize: 0 },
    encode: (b) => blosc.encode(b),
  },
  f32_zlib: { config: { id: 'zlib', level: 1 }, encode: (b) => deflateSync(b, { level: 1 }) },
};
for (const [name, codec] of Object.entries(codecs)) {
  array(name, [256, N, N], [8, N, N], codec.config, [`${name}_z`, 'y', 'x']);
  for (let c = 0; c < 32; c++) {
    const chunk = new Float32Array(8 * N * N);
    for (let i = 0; i < 8; i++) chunk.set(field(c * 8 + i), i * N * N);
    writeFileSync(path.join(out, name, `${c}.0.0`), await codec.encode(new Uint8Array(chunk.buffer)));
  }
}

array('v4d', [12, 8, N, N], [1, 1, 128, 128], { id: 'zlib', level: 1 }, ['time', 'level', 'y', 'x']);
for (let t = 0; t < 12; t++)
  for (let z = 0; z < 8; z++) {
    const f = field(t * 8 + z);
    for (let cy = 0; cy < 4; cy++)
      for (let cx = 0; cx < 4; cx++) {
        const chunk = new Float32Array(128 * 128);
        for (let y = 0; y < 128; y++)
          chunk.set(f.subarray((cy * 128 + y) * N + cx * 128, (cy * 128 + y) * N + cx * 128 + 128), y * 128);
        writeFileSync(
          path.join(out, 'v4d', `${t}.${z}.${cy}.${cx}`),
          deflateSync(new Uint8Array(chunk.buffer), { level: 1 }),
        );
      }
  }
writeFileSync(path.join(out, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata }, null, 4));
console.log(JSON.stringify({ ok: true }));
