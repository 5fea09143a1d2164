/**
 * A bounds-checked reader of FlatBuffers tables (https://flatbuffers.dev/internals/), enough for Icechunk's
 * schemas (src/formats/icechunk/schema.ts): tables with scalar, struct, string, vector and union fields. Every
 * offset is checked against the buffer before it is followed, and a vector's length against the bytes left, so a
 * damaged or hostile file throws a `MetadataError` (never reads out of bounds, never allocates what it claims).
 *
 * @example
 * const root = rootTable(bytes, 'snapshots/1CECHNKREP0F1RSTCMT0');
 * const message = root.string(4);
 */
import { MetadataError } from '../../errors';

/** A table of a FlatBuffers buffer: its fields by id, in schema order (a union takes two ids: type, value). */
export class Table {
  private readonly vtable: number;
  private readonly vtableSize: number;

  constructor(
    private readonly view: DataView,
    readonly pos: number,
    private readonly what: string,
  ) {
    const rel = this.i32(pos);
    this.vtable = pos - rel;
    this.check(this.vtable, 4);
    this.vtableSize = view.getUint16(this.vtable, true);
    if (this.vtableSize < 4 || this.vtableSize % 2) this.fail('a table has a malformed vtable');
    this.check(this.vtable, this.vtableSize);
  }

  private fail(reason: string): never {
    throw new MetadataError(`${this.what} is damaged: ${reason}.`, { key: this.what });
  }

  private check(pos: number, size: number): void {
    if (!Number.isInteger(pos) || pos < 0 || size < 0 || pos + size > this.view.byteLength)
      this.fail(`an offset points past its end (${pos} + ${size} > ${this.view.byteLength})`);
  }

  private i32(pos: number): number {
    this.check(pos, 4);
    return this.view.getInt32(pos, true);
  }

  /** The field's position in the buffer, or 0 when the field is absent. */
  private field(id: number): number {
    const at = 4 + 2 * id;
    if (at + 2 > this.vtableSize) return 0;
    const off = this.view.getUint16(this.vtable + at, true);
    return off === 0 ? 0 : this.pos + off;
  }

  has(id: number): boolean {
    return this.field(id) !== 0;
  }

  u8(id: number, dflt = 0): number {
    const p = this.field(id);
    if (!p) return dflt;
    this.check(p, 1);
    return this.view.getUint8(p);
  }

  u32(id: number, dflt = 0): number {
    const p = this.field(id);
    if (!p) return dflt;
    this.check(p, 4);
    return this.view.getUint32(p, true);
  }

  i32Field(id: number, dflt = 0): number {
    const p = this.field(id);
    return p ? this.i32(p) : dflt;
  }

  /** A uint64 as a number (exact below 2^53; larger values are refused, as no offset or time needs them). */
  u64(id: number, dflt = 0): number {
    const p = this.field(id);
    if (!p) return dflt;
    this.check(p, 8);
    const v = this.view.getBigUint64(p, true);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) this.fail(`a 64-bit number is too large (${v})`);
    return Number(v);
  }

  /** A struct field's bytes (a view into the buffer), or undefined when absent. */
  struct(id: number, size: number): Uint8Array | undefined {
    const p = this.field(id);
    if (!p) return undefined;
    this.check(p, size);
    return new Uint8Array(this.view.buffer, this.view.byteOffset + p, size);
  }

  /** Follows an offset field: the position it points at, or 0 when absent. */
  private target(id: number): number {
    const p = this.field(id);
    if (!p) return 0;
    this.check(p, 4);
    const t = p + this.view.getUint32(p, true);
    this.check(t, 4);
    return t;
  }

  /** A vector's element count and first element, checked to fit `elementSize` bytes each. */
  private vector(id: number, elementSize: number): { at: number; length: number } | undefined {
    const t = this.target(id);
    if (!t) return undefined;
    const length = this.view.getUint32(t, true);
    this.check(t + 4, length * elementSize);
    return { at: t + 4, length };
  }

  string(id: number): string | undefined {
    const b = this.bytes(id);
    return b && new TextDecoder('utf-8', { fatal: false }).decode(b);
  }

  /** A `[ubyte]` field as a view into the buffer. */
  bytes(id: number): Uint8Array | undefined {
    const v = this.vector(id, 1);
    return v && new Uint8Array(this.view.buffer, this.view.byteOffset + v.at, v.length);
  }

  u32s(id: number): number[] | undefined {
    const v = this.vector(id, 4);
    if (!v) return undefined;
    const out = new Array<number>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = this.view.getUint32(v.at + 4 * i, true);
    return out;
  }

  /** A vector of structs of `size` bytes each, as views. */
  structs(id: number, size: number): Uint8Array[] | undefined {
    const v = this.vector(id, size);
    if (!v) return undefined;
    const out: Uint8Array[] = [];
    for (let i = 0; i < v.length; i++)
      out.push(new Uint8Array(this.view.buffer, this.view.byteOffset + v.at + i * size, size));
    return out;
  }

  /** The number of elements of a vector field (0 when absent), without reading them. */
  length(id: number): number {
    return this.vector(id, 0)?.length ?? 0;
  }

  /** Element `i` of a vector of tables. */
  tableAt(id: number, i: number): Table {
    const v = this.vector(id, 4);
    if (!v || i < 0 || i >= v.length) this.fail(`element ${i} of a list is missing`);
    const p = v.at + 4 * i;
    return new Table(this.view, p + this.view.getUint32(p, true), this.what);
  }

  /** A vector of tables, each element read by `read`. */
  tables<T>(id: number, read: (t: Table) => T): T[] {
    const n = this.vector(id, 4)?.length ?? 0;
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(read(this.tableAt(id, i)));
    return out;
  }

  /** A vector of strings. */
  strings(id: number): string[] {
    const v = this.vector(id, 4);
    if (!v) return [];
    const out: string[] = [];
    for (let i = 0; i < v.length; i++) {
      const p = v.at + 4 * i;
      const s = p + this.view.getUint32(p, true);
      this.check(s, 4);
      const n = this.view.getUint32(s, true);
      this.check(s + 4, n);
      out.push(new TextDecoder().decode(new Uint8Array(this.view.buffer, this.view.byteOffset + s + 4, n)));
    }
    return out;
  }

  /** A table field (a sub-table or a union's value), or undefined when absent. */
  table(id: number): Table | undefined {
    const t = this.target(id);
    return t ? new Table(this.view, t, this.what) : undefined;
  }

  /** A required field that is absent: the file is damaged. */
  required<T>(value: T | undefined, name: string): T {
    if (value === undefined) this.fail(`its required field "${name}" is missing`);
    return value;
  }
}

/** The root table of a FlatBuffers buffer. */
export function rootTable(bytes: Uint8Array, what: string): Table {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8) throw new MetadataError(`${what} is damaged: it is too short.`, { key: what });
  const root = view.getUint32(0, true);
  if (root + 4 > bytes.length)
    throw new MetadataError(`${what} is damaged: its root table lies past its end.`, { key: what });
  return new Table(view, root, what);
}
