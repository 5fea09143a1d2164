/**
 * Seeded fuzzing: mutated fixtures (bytes flipped in superblocks, object headers, B-tree nodes, heaps and array
 * index blocks, numbers set to extremes, truncations) must give a result or a typed error, within a time bound.
 * Files with soft and external links (dangling, cycles) are seeds too; their links are followed, an external link
 * to the mutated file itself. So are files with anonymous (uncommitted) types: compounds, enums, vlens, bitfields,
 * references, as h5py and PyTables write them.
 * Replay one case: HDF5_FUZZ_CASE=<n> npx vitest run src/formats/hdf5/fuzz.test.ts
 */
import { isZarrviewError } from '../../errors.ts';
import { fuzzCase, fuzzTally } from '../../testing/fuzz-case';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeCounts } from '../../../scripts/reliability/counts';
import { seededRng, type Rng } from '../../testing/seeded-rng.ts';
import { lookup3 } from './checksum.ts';
import { Hdf5Group, bytesSource, chunkLocations, followLink, openHdf5, type Hdf5File } from './index.ts';

const DIR = join(__dirname, '../../../fixtures/hdf5');
const LINKS = join(__dirname, '../../../fixtures/netcdf4/h5py-links');
const ANONYMOUS = join(__dirname, '../../../fixtures/hdf5-anonymous');
/** Uncommitted (anonymous) compound, enum, vlen, opaque, bitfield and reference types as h5py and PyTables write them. */
const ANONYMOUS_SEEDS = [
  'compound.h5',
  'nested.h5',
  'enum.h5',
  'bool-attrs.h5',
  'vlen.h5',
  'vlen-compound.h5',
  'vlen-vlen.h5',
  'bitfield.h5',
  'refs.h5',
  'pytables.h5',
  'strings.h5',
  'longdouble.h5',
];
/** Seeds with soft, hard and external links: dangling, cycles of soft links, a group that contains itself. */
const LINK_SEEDS = ['dangling.h5', 'soft-cycle.h5', 'group-cycle.h5', 'external.h5', 'soft-group.h5', 'hard-twice.h5'];
const SEEDS = [
  'types-latest.h5',
  'types-earliest.h5',
  'links-earliest.h5',
  'dimscales.h5',
  'superblock-v1.h5',
  'superblock-v2.h5',
  'userblock-v0.h5',
  'nc4-usertypes.nc',
  'netcdf4-python.nc',
  'filters.h5',
  'dense.h5',
  'chunks-latest.h5',
];
const CASES = Number(process.env.HDF5_FUZZ_CASES ?? 5000);
const ONLY = process.env.HDF5_FUZZ_CASE === undefined ? undefined : Number(process.env.HDF5_FUZZ_CASE);
const CASE_MS = 2000;
const SIGNATURES = ['OHDR', 'OCHK', 'TREE', 'SNOD', 'HEAP', 'GCOL', 'FRHP', 'FHDB', 'FHIB', 'BTHD', 'BTIN', 'BTLF'];
const ARRAYS = ['FAHD', 'FADB', 'EAHD', 'EAIB', 'EASB', 'EADB'];

/** Offsets of every structure a signature marks, and the superblock. */
function structures(bytes: Uint8Array): number[] {
  const out = [0];
  for (let i = 0; i + 4 <= bytes.length; i++) {
    const s = String.fromCharCode(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!, bytes[i + 3]!);
    if (SIGNATURES.includes(s) || ARRAYS.includes(s)) out.push(i);
    if (bytes[i] === 0x89 && s === '\x89HDF') out.push(i);
  }
  return out;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** Recomputes the checksum of a fixed-size v2 structure so that a mutation reaches the parser behind it. */
function fixChecksum(b: Uint8Array, at: number): void {
  const sig = String.fromCharCode(...b.subarray(at, at + 4));
  let size: number;
  if (sig === 'OHDR') {
    const flags = b[at + 5] ?? 0;
    let p = 6 + (flags & 0x20 ? 16 : 0) + (flags & 0x10 ? 4 : 0);
    const n = 1 << (flags & 3);
    let chunk = 0;
    for (let i = 0; i < n; i++) chunk += (b[at + p + i] ?? 0) * 256 ** i;
    p += n;
    size = p + chunk;
  } else if (sig === 'BTHD') size = 4 + 1 + 1 + 4 + 2 + 2 + 2 + 8 + 2 + 8;
  else if (sig === 'FAHD') size = 4 + 4 + 8 + 8;
  else if (sig === 'EAHD') size = 4 + 2 + 6 + 48 + 8;
  else return;
  if (at + size + 4 > b.length) return;
  const c = lookup3(b.subarray(at, at + size));
  b.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24], at + size);
}

function mutate(rng: Rng, original: Uint8Array): { bytes: Uint8Array; what: string } {
  const kind = rng();
  if (kind < 0.1) {
    const n = Math.floor(rng() * original.length);
    return { bytes: original.slice(0, n), what: `truncated at ${n}` };
  }
  const b = original.slice();
  const starts = structures(b);
  const at = pick(rng, starts);
  const span = 96;
  const edits: string[] = [];
  const count = 1 + Math.floor(rng() * 4);
  for (let k = 0; k < count; k++) {
    const i = Math.min(b.length - 1, at + Math.floor(rng() * span));
    const r = rng();
    if (r < 0.5) b[i] = b[i]! ^ (1 << Math.floor(rng() * 8));
    else if (r < 0.7) b[i] = Math.floor(rng() * 256);
    else {
      // A number set to an extreme: 0, all ones, or a large power of two.
      const v = pick(rng, [0x00, 0xff, 0x7f, 0x80]);
      const w = pick(rng, [2, 4, 8]);
      for (let j = 0; j < w && i + j < b.length; j++) b[i + j] = v;
    }
    edits.push(`+${i - at}`);
  }
  if (rng() < 0.6) fixChecksum(b, at);
  return { bytes: b, what: `edits at ${at} (${edits.join(' ')})` };
}

/**
 * Everything a viewer would read: every group's links (soft and external ones followed), every object's metadata,
 * every dataset's chunks. A group already read in the same file is not read again.
 */
async function readAll(root: Hdf5Group): Promise<void> {
  const queue: { file: Hdf5File; path: string; address: number }[] = [
    { file: root.file, path: '', address: root.address },
  ];
  const seen = new Set([`0:${root.address}`]);
  const files = new Map<Hdf5File, number>([[root.file, 0]]);
  let objects = 0;
  while (queue.length > 0 && objects < 300) {
    const g = queue.shift()!;
    for (const link of await g.file.links(g.address)) {
      if (objects++ >= 300) continue;
      const path = `${g.path}/${link.name}`;
      let reached;
      try {
        reached = await followLink(g.file, g.address, link, path);
      } catch (e) {
        // A soft or external link that leads nowhere is that link's failure, typed; the rest is still read.
        if (link.kind === 'hard' || !isZarrviewError(e)) throw e;
        continue;
      }
      const { file, object: o } = reached;
      if (!files.has(file)) files.set(file, files.size);
      const key = `${files.get(file)}:${o.address}`;
      if (o.kind === 'group' && !seen.has(key)) {
        seen.add(key);
        queue.push({ file, path, address: o.address });
      } else if (o.kind === 'dataset' && o.layout.kind === 'chunked') await chunkLocations(file, o);
    }
  }
}

it(`survives ${CASES} mutated files with typed errors only`, { timeout: 600_000 }, async () => {
  const seeds = [
    ...SEEDS.map((n) => ({ name: n, bytes: new Uint8Array(readFileSync(join(DIR, n))) })),
    ...LINK_SEEDS.map((n) => ({ name: n, bytes: new Uint8Array(readFileSync(join(LINKS, n))) })),
    ...ANONYMOUS_SEEDS.map((n) => ({ name: n, bytes: new Uint8Array(readFileSync(join(ANONYMOUS, n))) })),
  ];
  const tally = fuzzTally();
  const { outcomes, failures } = tally;
  for (let n = 0; n < CASES; n++) {
    if (ONLY !== undefined && n !== ONLY) continue;
    const rng = seededRng(0x4844_4635 + n);
    const seed = pick(rng, seeds);
    const { bytes, what } = mutate(rng, seed.bytes);
    const label = `case ${n}: ${seed.name}, ${what}`;
    // An external link names the mutated file itself (any name): files that link to each other.
    const openExternal = () => Promise.resolve(bytesSource(bytes));
    await fuzzCase(tally, label, CASE_MS, async () => readAll(await openHdf5(bytesSource(bytes), { openExternal })));
  }
  console.log('HDF5 fuzz outcomes:', Object.fromEntries(outcomes), `slowest case ${Math.round(tally.slowest)} ms`);
  if (ONLY === undefined)
    writeCounts({
      suite: 'hdf5-fuzz',
      what: `the HDF5 reader (open, every group, object, attribute and chunk listing, soft and external links followed) on ${CASES} mutated files (superblocks, object headers, B-tree nodes, heaps, chunk indexes, truncations; links dangling, in cycles, to other files; anonymous compound, enum, vlen, opaque, bitfield and reference types)`,
      cases: CASES,
      crashes: failures.filter((f) => f.includes('untyped')).length,
      hangs: failures.filter((f) => !f.includes('untyped')).length,
      notes: `slowest case ${Math.round(tally.slowest)} ms; ${[...outcomes]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    });
  expect(failures.slice(0, 20)).toEqual([]);
});
