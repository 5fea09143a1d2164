import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bytesSource,
  chunkAt,
  chunkLocations,
  openHdf5,
  readValues,
  type Hdf5Dataset,
  type Hdf5Group,
} from './index.ts';
import { describeType, normalise, normaliseList, regionTarget, type Json, type RefResolver } from './test-helpers.ts';

const DIR = join(__dirname, '../../../fixtures/hdf5');

interface ExpectedAttr {
  type: Json;
  shape: number[] | null;
  value: Json[] | null | string;
}
interface ExpectedObject {
  kind: 'group' | 'dataset' | 'datatype';
  address: number;
  attributes: Record<string, ExpectedAttr>;
  type?: Json;
  shape?: number[] | null;
  maxshape?: number[] | null;
  layout?: string;
  chunks?: number[] | null;
  filters?: { id: number; flags: number; clientData: number[] }[];
  chunkList?: { coords: number[]; offset: number; size: number; filterMask: number }[];
  offset?: number | null;
  storageSize?: number;
  values?: Json[] | string;
  fillValue?: Json;
}
interface Expected {
  superblockVersion: number;
  userblock: number;
  links: Record<string, { name: string; type: string; target?: string; file?: string }[]>;
  objects: Record<string, ExpectedObject>;
}

const files = (JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { files: string[] }).files;

function load(name: string): { bytes: Uint8Array; expected: Expected } {
  return {
    bytes: new Uint8Array(readFileSync(join(DIR, name))),
    expected: JSON.parse(readFileSync(join(DIR, name.replace(/\.(h5|nc)$/, '.json')), 'utf8')) as Expected,
  };
}

/** References as the addresses they name (the expected JSON's paths are turned into addresses to compare). */
function resolver(root: Hdf5Group): RefResolver {
  return {
    object: (address) => (address === undefined ? null : address),
    region: async (ref) => (await regionTarget(root.file, ref)) ?? null,
  };
}

/** The expected JSON with reference paths replaced by object addresses (what the reader gives). */
function refsToAddresses(v: Json, expected: Expected): Json {
  if (Array.isArray(v)) return v.map((x) => refsToAddresses(x, expected));
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && (keys[0] === 'ref' || keys[0] === 'region')) {
      const p = v[keys[0]];
      return { [keys[0]]: typeof p === 'string' ? (expected.objects[p]?.address ?? p) : null };
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, refsToAddresses(x, expected)]));
  }
  return v;
}

describe.each(files)('%s', (name) => {
  const { bytes, expected } = load(name);

  it('lists every group’s links as h5py does', async () => {
    const root = await openHdf5(bytesSource(bytes));
    expect(root.file.superblock.version).toBe(expected.superblockVersion);
    expect(root.file.superblock.offset).toBe(expected.userblock);
    for (const [path, links] of Object.entries(expected.links)) {
      const group = path === '/' ? root : await root.group(path);
      const got = (await group.links()).map((l) =>
        l.kind === 'hard'
          ? { name: l.name, type: 'hard' }
          : l.kind === 'soft'
            ? { name: l.name, type: 'soft', target: l.target }
            : l.kind === 'external'
              ? { name: l.name, type: 'external', file: l.file, target: l.target }
              : { name: l.name, type: `user-defined ${l.linkType}` },
      );
      const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      expect(got.sort(byName), path).toEqual([...links].sort(byName));
    }
  });

  it('reads every object’s metadata, attributes and chunk locations as h5py does', async () => {
    const root = await openHdf5(bytesSource(bytes));
    const refs = resolver(root);
    for (const [path, exp] of Object.entries(expected.objects)) {
      const o = await root.getObject(path);
      expect(o.kind, path).toBe(exp.kind);
      expect(o.address, path).toBe(exp.address);
      const attrs: Record<string, ExpectedAttr> = {};
      for (const a of o.attributes) {
        attrs[a.name] = {
          type: describeType(a.datatype),
          shape: a.shape ? [...a.shape] : null,
          value: a.value === null ? null : await normaliseList(a.value, a.datatype, refs),
        };
      }
      const wanted = Object.fromEntries(
        Object.entries(exp.attributes).map(([k, a]) => [
          k,
          { ...a, value: a.value === 'unreadable' ? attrs[k]?.value : refsToAddresses(a.value, expected) },
        ]),
      );
      expect(attrs, `${path} attributes`).toEqual(wanted);
      if (o.kind === 'datatype') expect(describeType(o.datatype), path).toEqual(exp.type);
      if (o.kind !== 'dataset') continue;
      await checkDataset(root, o, exp, expected, refs);
    }
  });
});

async function checkDataset(
  root: Hdf5Group,
  o: Hdf5Dataset,
  exp: ExpectedObject,
  expected: Expected,
  refs: RefResolver,
): Promise<void> {
  const path = o.path;
  expect(describeType(o.datatype), path).toEqual(exp.type);
  expect(o.shape, path).toEqual(exp.shape);
  expect(o.maxshape?.map((m) => m ?? -1) ?? null, path).toEqual(exp.maxshape);
  expect(o.layout.kind, path).toBe(exp.layout);
  // h5py reports scaleoffset's parameters 16–19 from memory the file does not hold (the file has zeros there).
  const client = (id: number, data: readonly number[]) => (id === 6 ? data.slice(0, 16) : [...data]);
  expect(
    o.filters.map((f) => ({ id: f.id, flags: f.flags, clientData: client(f.id, f.clientData) })),
    path,
  ).toEqual(exp.filters?.map((f) => ({ id: f.id, flags: f.flags, clientData: client(f.id, f.clientData) })));
  if (o.layout.kind === 'chunked') {
    expect(o.layout.chunk, path).toEqual(exp.chunks);
    const got = await chunkLocations(root.file, o);
    expect(got, path).toEqual(exp.chunkList);
    for (const c of (exp.chunkList ?? []).slice(0, 40)) {
      const scaled = c.coords.map((x, d) => x / (exp.chunks?.[d] ?? 1));
      expect(await chunkAt(root.file, o, scaled), `${path} chunk ${c.coords.join(',')}`).toEqual(c);
    }
    if (o.shape && o.shape.every((n) => n >= 2)) {
      const region = { start: o.shape.map(() => 1), count: o.shape.map((n) => Math.min(n - 1, 3)) };
      const inRegion = (exp.chunkList ?? []).filter((c) =>
        c.coords.every((x, d) => x + exp.chunks![d]! > 1 && x < 1 + region.count[d]!),
      );
      expect(await chunkLocations(root.file, o, region), `${path} region`).toEqual(inRegion);
    }
  } else if (o.layout.kind === 'contiguous') {
    expect(o.layout.address ?? null, path).toBe(exp.offset);
  }
  const raw = o.filters.length === 0;
  if (raw && Array.isArray(exp.values) && o.shape) {
    const values = await normaliseList(await readValues(root.file, o), o.datatype, refs);
    expect(values, `${path} values`).toEqual(refsToAddresses(exp.values, expected));
  }
  // h5py gives a fill value exactly where HDF5 has one defined by the user (an undefined one included: none).
  if (exp.fillValue === undefined) expect(o.fillValue?.bytes, `${path} has no fill value`).toBeUndefined();
  else expect(o.fillValue?.bytes, `${path} has a fill value`).toBeDefined();
  if (exp.fillValue !== undefined && exp.fillValue !== null && o.fillValue?.bytes) {
    const [fv] = await readFill(root, o);
    expect(await normalise(fv!, o.datatype, refs), `${path} fill value`).toEqual(exp.fillValue);
  }
}

async function readFill(root: Hdf5Group, o: Hdf5Dataset) {
  const { decodeValues } = await import('./values.ts');
  return decodeValues(o.datatype, o.fillValue!.bytes!, 1, root.file.ctx.format, root.file.heap, 1000);
}
