#!/usr/bin/env node
// Writes the Icechunk repository of the virtual-store benchmarks (bench/virtual.ts) with the official library
// (@earthmover/icechunk's Node addon, loaded as scripts/fixtures/icechunk-library.mjs does it), once:
//   node bench/make-virtual-icechunk.mjs OUTDIR
// It holds what OUTDIR/zarr3 (bench/make-virtual.py) holds: the same zarr.json documents (the root group without
// its inline `consolidated_metadata`: a repository's snapshot lists its nodes) and the same encoded chunk bytes
// (bytes + zstd), each set through `session.store.set` as a native chunk (chunks/<id>), in one commit, into
// OUTDIR/icechunk (spec version of the library's default). The library then reads a few chunks back: they must
// equal the folder's bytes. Prints what it wrote as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadIcechunk } from '../scripts/fixtures/icechunk-library.mjs';

const out = process.argv[2];
if (!out) throw new Error('usage: make-virtual-icechunk.mjs OUTDIR');
const SRC = path.join(out, 'zarr3');
const DEST = path.join(out, 'icechunk');

function files(dir, base = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    return e.isDirectory() ? files(path.join(dir, e.name), rel) : [rel];
  });
}

async function main() {
  if (fs.existsSync(DEST)) return;
  if (!fs.existsSync(path.join(SRC, 'zarr.json'))) throw new Error(`${SRC}: no Zarr v3 folder (bench/make-virtual.py)`);
  const { ic, version } = loadIcechunk(fileURLToPath(import.meta.url));
  const tmp = `${DEST}.part`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const t0 = Date.now();
  const repo = await ic.Repository.create(await ic.Storage.newLocalFilesystem(tmp));
  const session = await repo.writableSession('main');
  const keys = files(SRC).sort();
  const metadata = keys.filter((k) => k === 'zarr.json' || k.endsWith('/zarr.json'));
  const chunks = keys.filter((k) => /(^|\/)c\//.test(k));
  // Groups before their children, as zarr-python writes them.
  for (const key of metadata.sort((a, b) => a.split('/').length - b.split('/').length)) {
    const doc = JSON.parse(fs.readFileSync(path.join(SRC, key), 'utf8'));
    delete doc.consolidated_metadata;
    await session.store.set(key, Buffer.from(JSON.stringify(doc)));
  }
  for (let i = 0; i < chunks.length; i += 32)
    await Promise.all(chunks.slice(i, i + 32).map((k) => session.store.set(k, fs.readFileSync(path.join(SRC, k)))));
  const snapshot = await session.commit('Benchmark field: the chunks of bench/tmp/virtual/zarr3');
  // Read back through the library: the first, a middle and the last chunk of t, and a coordinate.
  const read = await (await repo.readonlySession({ branch: 'main' })).store;
  const t = chunks.filter((k) => k.startsWith('t/'));
  for (const key of [t[0], t[t.length >> 1], t[t.length - 1], chunks.find((k) => k.startsWith('x/'))]) {
    const got = Buffer.from(await read.get(key));
    if (!got.equals(fs.readFileSync(path.join(SRC, key))))
      throw new Error(`${key}: the repository answers other bytes`);
  }
  fs.renameSync(tmp, DEST);
  const written = files(DEST);
  console.log(
    JSON.stringify({
      writer: `@earthmover/icechunk ${version}`,
      specVersion: repo.specVersion,
      snapshot,
      metadata: metadata.length,
      chunks: chunks.length,
      chunkObjects: written.filter((f) => f.startsWith('chunks/')).length,
      manifests: written.filter((f) => f.startsWith('manifests/')).length,
      ms: Date.now() - t0,
    }),
  );
}

await main();
