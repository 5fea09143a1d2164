import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isZarrviewError } from '../../errors.ts';
import { Hdf5LinkError, bytesSource, chunkLocations, followLink, openHdf5 } from './index.ts';

const DIR = join(__dirname, '../../../fixtures/hdf5');
const fixture = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const LINKS = join(__dirname, '../../../fixtures/netcdf4/h5py-links');
const linkFixture = (name: string) => new Uint8Array(readFileSync(join(LINKS, name)));

/** How following the root's link `name` fails (`openExternal` gives every external file). */
async function linkFailure(bytes: Uint8Array, name: string, external?: Uint8Array): Promise<Hdf5LinkError> {
  const root = await openHdf5(bytesSource(bytes), {
    openExternal: external && (() => Promise.resolve(bytesSource(external))),
  });
  const link = (await root.links()).find((l) => l.name === name)!;
  const e = await followLink(root.file, root.address, link, `/${name}`).then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof Hdf5LinkError)) throw new Error(`/${name}: expected a link error, got ${String(e)}`);
  return e;
}

function find(bytes: Uint8Array, text: string, from = 0): number {
  for (let i = from; i + text.length <= bytes.length; i++) {
    let ok = true;
    for (let k = 0; k < text.length && ok; k++) ok = bytes[i + k] === text.charCodeAt(k);
    if (ok) return i;
  }
  return -1;
}

function setU64(b: Uint8Array, at: number, v: number): void {
  for (let i = 0; i < 8; i++) b[at + i] = Math.floor(v / 256 ** i) % 256;
}

/** Opens and reads every link and object, returning the error it ends with. */
async function failure(bytes: Uint8Array): Promise<unknown> {
  try {
    const root = await openHdf5(bytesSource(bytes));
    const walk = async (path: string, address: number, depth: number): Promise<void> => {
      for (const l of await root.file.links(address)) {
        if (l.kind !== 'hard' || depth > 8) continue;
        const o = await root.file.objectAt(l.address, `${path}/${l.name}`);
        if (o.kind === 'group') await walk(o.path, o.address, depth + 1);
        if (o.kind === 'dataset' && o.layout.kind === 'chunked') await chunkLocations(root.file, o);
      }
    };
    await walk('', root.address, 0);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('hostile files', () => {
  it('refuses a file that is not HDF5', async () => {
    const e = await failure(new TextEncoder().encode('CDF\x01 not an HDF5 file at all'.repeat(40)));
    expect(isZarrviewError(e) && e.message).toMatch(/no HDF5 signature/);
  });

  it('detects a cycle in a group B-tree', async () => {
    const b = fixture('links-earliest.h5');
    // The first group node with children: made an internal node whose first child is itself.
    let at = find(b, 'TREE');
    while (at >= 0 && (b[at + 4] !== 0 || b[at + 6] === 0)) at = find(b, 'TREE', at + 4);
    b[at + 5] = 1;
    setU64(b, at + 8 + 16 + 8, at);
    expect(String(await failure(b))).toMatch(/cycle/);
  });

  it('detects an object header continuation that points back at its own header', async () => {
    const b = fixture('links-earliest.h5');
    const expected = JSON.parse(readFileSync(join(DIR, 'links-earliest.json'), 'utf8')) as {
      objects: Record<string, { address: number }>;
    };
    let done = false;
    for (const { address } of Object.values(expected.objects)) {
      if (b[address] !== 1 || done) continue;
      const size = b[address + 8]! | (b[address + 9]! << 8) | (b[address + 10]! << 16);
      // Walk the first block's messages (type u16, size u16, flags, 3 reserved) to a continuation (0x10).
      for (let p = address + 16; p + 8 <= address + 16 + size;) {
        const type = b[p]! | (b[p + 1]! << 8);
        const len = b[p + 2]! | (b[p + 3]! << 8);
        if (type === 0x10) {
          setU64(b, p + 8, address + 16);
          done = true;
          break;
        }
        p += 8 + len;
      }
    }
    expect(done).toBe(true);
    expect(String(await failure(b))).toMatch(/read twice \(a cycle\)/);
  });

  it('refuses a truncated file with a typed error naming the structure', async () => {
    const b = fixture('dense.h5');
    const e = await failure(b.slice(0, Math.floor(b.length * 0.6)));
    expect(isZarrviewError(e)).toBe(true);
    expect(String(e)).toMatch(/HDF5 .*(past the end|truncated|ends after)/);
  });

  it('refuses absurd sizes before allocating', async () => {
    const b = fixture('types-earliest.h5');
    // The root local heap's data segment size set to 2^50.
    const at = find(b, 'HEAP');
    setU64(b, at + 8, 2 ** 50);
    const e = await failure(b);
    expect(isZarrviewError(e)).toBe(true);
    expect(String(e)).toMatch(/allowed for one structure|past the end/);
  });

  it('verifies v2 checksums', async () => {
    const b = fixture('types-latest.h5');
    const at = find(b, 'OHDR', 100);
    b[at + 12] = b[at + 12]! ^ 0x40;
    expect(String(await failure(b))).toMatch(/checksum/);
  });

  it('names a dangling soft link, and a name HDF5 does not have ("..")', async () => {
    const b = linkFixture('dangling.h5');
    const gone = await linkFailure(b, 'gone');
    expect([gone.failure, gone.message]).toEqual([
      'dangling',
      '/gone is a soft link to /nowhere, which leads nowhere: /nowhere does not exist.',
    ]);
    expect((await linkFailure(b, 'up')).message).toMatch(
      /^\/up is a soft link to \.\.\/a, .*\.\. \(from the link's group\) does not exist/,
    );
  });

  it('ends a cycle of soft links after 16 links', async () => {
    const e = await linkFailure(linkFixture('soft-cycle.h5'), 'x');
    expect([e.failure, e.message]).toEqual([
      'cycle',
      '/x is a soft link to /y, which leads through more than 16 soft or external links (a cycle of links).',
    ]);
  });

  it('names an external link it cannot follow: no way to open files, a missing file, a file that is not HDF5', async () => {
    const b = linkFixture('external.h5');
    expect((await linkFailure(b, 'e')).message).toMatch(/external-target\.h5 is not reachable from here/);
    const junk = await linkFailure(b, 'e', new TextEncoder().encode('not an HDF5 file'.repeat(64)));
    expect([junk.failure, junk.message]).toEqual([
      'external',
      expect.stringMatching(
        /^\/e is an external link to \/t in external-target\.h5, which leads nowhere: the file external-target\.h5 cannot be read \(.*signature/,
      ),
    ]);
    // The file itself as its own external file: /t is not in it.
    expect((await linkFailure(b, 'e', b)).failure).toBe('dangling');
  });
});
