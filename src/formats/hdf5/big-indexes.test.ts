import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readV2Tree } from './btree-v2.ts';
import { bytesSource, chunkAt, chunkLocations, openHdf5, type ChunkLocation } from './index.ts';

const SCRIPT = join(__dirname, '../../../scripts/fixtures/make-hdf5.py');
const tmp = mkdtempSync(join(tmpdir(), 'zarrview-hdf5-big-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Written now by h5py (too big to commit); the tests are skipped where Debian's Python has no h5py. */
function write(): { bytes: Uint8Array; expected: Record<string, unknown> } | undefined {
  const out = join(tmp, 'big.h5');
  try {
    execFileSync('/usr/bin/python3', [SCRIPT, '--big', out], { stdio: 'ignore', timeout: 120_000 });
  } catch {
    return undefined;
  }
  return {
    bytes: new Uint8Array(readFileSync(out)),
    expected: JSON.parse(readFileSync(`${out}.json`, 'utf8')) as Record<string, unknown>,
  };
}

const big = write();

it.skipIf(!big)('finds chunks in the paged data blocks of an extensible array (140,000 chunks)', async () => {
  const root = await openHdf5(bytesSource(big!.bytes));
  const ds = await root.getObject('/ea_paged');
  if (ds.kind !== 'dataset' || ds.layout.kind !== 'chunked') throw new Error('not chunked');
  expect(ds.layout.index.type).toBe('extensible-array');
  for (const c of big!.expected.ea_paged as ChunkLocation[]) {
    expect(await chunkAt(root.file, ds, c.coords), `chunk ${c.coords[0]}`).toEqual(c);
  }
  const all = await chunkLocations(root.file, ds);
  expect(all).toHaveLength(140_000);
  // Chunks of one byte each, written in order: the last chunk is found where its byte is.
  const last = all[all.length - 1]!;
  expect(big!.bytes[last.offset]).toBe(139_999 % 251);
});

it.skipIf(!big)('looks chunks up in a v2 B-tree of depth 2 (10,000 chunks)', async () => {
  const root = await openHdf5(bytesSource(big!.bytes));
  const ds = await root.getObject('/bt2_deep');
  if (ds.kind !== 'dataset' || ds.layout.kind !== 'chunked') throw new Error('not chunked');
  expect(ds.layout.index.type).toBe('btree-v2');
  const tree = await readV2Tree(root.file.ctx, ds.layout.index.address!);
  expect(tree.depth).toBeGreaterThanOrEqual(2);
  for (const c of big!.expected.bt2_deep as ChunkLocation[]) {
    const scaled = c.coords;
    expect(await chunkAt(root.file, ds, scaled), `chunk ${scaled.join(',')}`).toEqual(c);
  }
  expect(await chunkLocations(root.file, ds)).toHaveLength(10_000);
});

it.skipIf(!big)('reads 16,000 dense attributes through child indirect blocks of a fractal heap', async () => {
  const root = await openHdf5(bytesSource(big!.bytes));
  const g = await root.getObject('/attrs');
  expect(g.attributes).toHaveLength(16_000);
  const values = Object.fromEntries(g.attributes.map((a) => [a.name, a.value?.[0]]));
  for (const [name, value] of Object.entries(big!.expected.attrs as Record<string, number>)) {
    expect(values[name], name).toBe(value);
  }
});
