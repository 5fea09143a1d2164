/**
 * Icechunk's FlatBuffers schemas (icechunk-format/flatbuffers/*.fbs, spec versions 1 and 2) read into plain
 * objects: the repo info file (branches, tags, the snapshot list), a snapshot (its nodes, their Zarr metadata and
 * manifest pointers) and a manifest (its arrays' chunk references, kept as tables and read when asked).
 * Field ids are the schemas' declaration order (a union takes two).
 */
import { MetadataError, UnsupportedError } from '../../errors';
import { base32 } from './files';
import { rootTable, type Table } from './flatbuffers';

export interface SnapshotEntry {
  readonly id: string;
  /** The parent's id, undefined for the first snapshot. */
  readonly parent: string | undefined;
  /** When it was written: milliseconds since 1970 (UTC). */
  readonly writtenAt: number;
  readonly message: string;
  /** The names of its commit metadata (the values are msgpack or flexbuffers, not read). */
  readonly metadataNames: readonly string[];
}

export interface RepoInfo {
  readonly specVersion: number;
  readonly branches: ReadonlyMap<string, string>;
  readonly tags: ReadonlyMap<string, string>;
  /** Every snapshot the file lists, newest first as Icechunk writes them. */
  readonly snapshots: readonly SnapshotEntry[];
}

/** Icechunk writes times in microseconds since 1970. */
function micros(t: number): number {
  return Math.floor(t / 1000);
}

function metadataNames(t: Table, id: number): string[] {
  return t.tables(id, (m) => m.string(0) ?? '');
}

function id12(t: Table, field: number, name: string): string {
  return base32(t.required(t.struct(field, 12), name));
}

/** The repo info file (spec version 2): refs and the snapshot list. */
export function parseRepoInfo(payload: Uint8Array, what: string): RepoInfo {
  const root = rootTable(payload, what);
  const raw = root.tables(4, (s) => ({
    id: id12(s, 0, 'id'),
    parentOffset: s.i32Field(1, 0),
    writtenAt: micros(s.u64(2)),
    message: s.string(3) ?? '',
    metadataNames: metadataNames(s, 4),
  }));
  const snapshots: SnapshotEntry[] = raw.map((s, i) => {
    // An index into the list (-1: the first snapshot).
    const p = s.parentOffset < 0 || s.parentOffset === i ? undefined : raw[s.parentOffset]?.id;
    return { id: s.id, parent: p, writtenAt: s.writtenAt, message: s.message, metadataNames: s.metadataNames };
  });
  const refs = (field: number) =>
    new Map(
      root.tables(field, (r) => {
        const name = r.required(r.string(0), 'name');
        const snap = snapshots[r.u32(1)];
        if (!snap) throw new MetadataError(`${what} is damaged: "${name}" points at no snapshot.`, { key: what });
        return [name, snap.id] as const;
      }),
    );
  return { specVersion: root.u8(0, 2), tags: refs(1), branches: refs(2), snapshots };
}

/** One chunk-grid range a manifest covers for an array: `from` inclusive, `to` exclusive, per dimension. */
export interface ManifestPointer {
  readonly id: string;
  readonly extents: readonly (readonly [number, number])[];
}

export interface NodeInfo {
  /** `/`, `/temp`, `/g/counts`. */
  readonly path: string;
  /** The node id (8 bytes) as hex: how manifests name the array. */
  readonly nodeId: string;
  readonly kind: 'group' | 'array';
  /** The node's `zarr.json`, as written. */
  readonly zarrJson: Uint8Array;
  readonly manifests: readonly ManifestPointer[];
}

export interface SnapshotFile {
  readonly id: string;
  readonly parent: string | undefined;
  readonly writtenAt: number;
  readonly message: string;
  readonly metadataNames: readonly string[];
  readonly nodes: readonly NodeInfo[];
}

function hex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += x.toString(16).padStart(2, '0');
  return s;
}

function u32le(b: Uint8Array, at: number): number {
  return new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(at, true);
}

function readNode(n: Table, what: string): NodeInfo {
  const path = n.required(n.string(1), 'path');
  const nodeId = hex(n.required(n.struct(0, 8), 'id'));
  const zarrJson = n.bytes(2) ?? new Uint8Array(0);
  const type = n.u8(3);
  if (type === 2) return { path, nodeId, kind: 'group', zarrJson, manifests: [] };
  if (type !== 1)
    throw new MetadataError(`${what} is damaged: node ${path} is neither a group nor an array.`, { key: what });
  const data = n.required(n.table(4), 'node_data');
  const manifests = data.tables(2, (m) => ({
    id: base32(m.required(m.struct(0, 12), 'object_id')),
    extents: (m.structs(1, 8) ?? []).map((e) => [u32le(e, 0), u32le(e, 4)] as const),
  }));
  return { path, nodeId, kind: 'array', zarrJson, manifests };
}

export function parseSnapshot(payload: Uint8Array, what: string): SnapshotFile {
  const root = rootTable(payload, what);
  const parent = root.struct(1, 12);
  return {
    id: id12(root, 0, 'id'),
    parent: parent && base32(parent),
    writtenAt: micros(root.u64(3)),
    message: root.string(4) ?? '',
    metadataNames: metadataNames(root, 5),
    nodes: root.tables(2, (n) => readNode(n, what)),
  };
}

/** Where a chunk's bytes are. */
export type ChunkPayload =
  | { readonly kind: 'inline'; readonly bytes: Uint8Array }
  | { readonly kind: 'native'; readonly chunkId: string; readonly offset: number; readonly length: number }
  | { readonly kind: 'virtual'; readonly location: string; readonly offset: number; readonly length: number };

/** A manifest: its arrays by node id, each a sorted list of chunk references read on demand. */
export class ManifestFile {
  private readonly arrays = new Map<string, Table>();

  constructor(
    private readonly root: Table,
    private readonly what: string,
  ) {
    const n = root.length(1);
    for (let i = 0; i < n; i++) {
      const a = root.tableAt(1, i);
      this.arrays.set(hex(a.required(a.struct(0, 8), 'node_id')), a);
    }
  }

  /** The array's chunk count here (0 when it has none). */
  count(nodeId: string): number {
    return this.arrays.get(nodeId)?.length(1) ?? 0;
  }

  /**
   * Counts an array's chunk references by kind into `counts`, and adds their virtual locations to `locations`
   * (up to `maxLocations`; compressed ones are not read), for the Report.
   */
  tally(nodeId: string, counts: Record<ChunkPayload['kind'], number>, locations: Set<string>, maxLocations: number) {
    const a = this.arrays.get(nodeId);
    if (!a) return;
    for (let i = 0; i < a.length(1); i++) {
      const ref = a.tableAt(1, i);
      if (ref.has(1)) counts.inline++;
      else if (ref.has(4)) counts.native++;
      else {
        counts.virtual++;
        const location = locations.size < maxLocations ? ref.string(5) : undefined;
        if (location !== undefined) locations.add(location);
      }
    }
  }

  /** The chunk at `coords`, by binary search (refs are sorted by coordinates), or undefined. */
  find(nodeId: string, coords: readonly number[], key: string): ChunkPayload | undefined {
    const a = this.arrays.get(nodeId);
    if (!a) return undefined;
    let lo = 0;
    let hi = a.length(1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const ref = a.tableAt(1, mid);
      const index = ref.u32s(0) ?? [];
      const c = compare(index, coords);
      if (c === 0) return this.payload(ref, key);
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private payload(ref: Table, key: string): ChunkPayload {
    const inline = ref.bytes(1);
    if (inline) return { kind: 'inline', bytes: inline };
    const offset = ref.u64(2);
    const length = ref.u64(3);
    const id = ref.struct(4, 12);
    if (id) return { kind: 'native', chunkId: base32(id), offset, length };
    const location = ref.string(5);
    if (location !== undefined) return { kind: 'virtual', location, offset, length };
    if (ref.has(8))
      throw new UnsupportedError(
        `The virtual chunk ${key} has its location compressed with a zstd dictionary (${this.what}), which this viewer does not read yet.`,
        { key },
      );
    throw new MetadataError(`${this.what} is damaged: the reference of ${key} names no bytes.`, { key });
  }
}

function compare(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

export function parseManifest(payload: Uint8Array, what: string): ManifestFile {
  return new ManifestFile(rootTable(payload, what), what);
}
