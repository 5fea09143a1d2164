import { utf8, type Cursor } from './cursor.ts';

/** A link of a group: hard (an object header address), soft (a path) or external (a file and a path). */
export type Link =
  | { readonly name: string; readonly kind: 'hard'; readonly address: number; readonly creationOrder?: number }
  | { readonly name: string; readonly kind: 'soft'; readonly target: string; readonly creationOrder?: number }
  | {
      readonly name: string;
      readonly kind: 'external';
      readonly file: string;
      readonly target: string;
      readonly creationOrder?: number;
    }
  | {
      readonly name: string;
      readonly kind: 'user-defined';
      readonly linkType: number;
      readonly creationOrder?: number;
    };

/** Parses a link message (type 6). */
export function parseLink(c: Cursor): Link {
  const version = c.u8();
  if (version !== 1) throw c.fail(`link message version ${version}`);
  const flags = c.u8();
  const type = flags & 0x08 ? c.u8() : 0;
  const creationOrder = flags & 0x04 ? c.u64('creation order') : undefined;
  if (flags & 0x10) c.u8(); // character set: names are decoded as UTF-8 either way (ASCII is a subset)
  const nameLength = c.uint(1 << (flags & 3), 'link name length');
  if (nameLength === 0) throw c.fail('a link with an empty name');
  const name = utf8(c.take(nameLength));
  const order = creationOrder === undefined ? {} : { creationOrder };
  if (type === 0) return { name, kind: 'hard', address: c.defined(`hard link "${name}"`), ...order };
  const length = c.u16();
  const value = c.take(length);
  if (type === 1) return { name, kind: 'soft', target: utf8(value), ...order };
  if (type === 64) {
    // A version/flags byte, then the file name and the object path, each NUL-terminated.
    const body = value.subarray(1);
    const nul = body.indexOf(0);
    const file = utf8(nul < 0 ? body : body.subarray(0, nul));
    const rest = nul < 0 ? new Uint8Array(0) : body.subarray(nul + 1);
    const end = rest.indexOf(0);
    return { name, kind: 'external', file, target: utf8(end < 0 ? rest : rest.subarray(0, end)), ...order };
  }
  return { name, kind: 'user-defined', linkType: type, ...order };
}

/** Where a group of the new format keeps links that do not fit its header (dense storage). */
export interface LinkInfo {
  readonly heap: number | undefined;
  readonly nameIndex: number | undefined;
  readonly creationOrderIndex: number | undefined;
}

/** Parses a link info message (type 2). */
export function parseLinkInfo(c: Cursor): LinkInfo {
  const version = c.u8();
  if (version !== 0) throw c.fail(`link info version ${version}`);
  const flags = c.u8();
  if (flags & 1) c.skip(8);
  const heap = c.addr();
  const nameIndex = c.addr();
  const creationOrderIndex = flags & 2 ? c.addr() : undefined;
  return { heap, nameIndex, creationOrderIndex };
}

/** Parses an attribute info message (type 0x15): the same three addresses for attributes. */
export function parseAttributeInfo(c: Cursor): LinkInfo {
  const version = c.u8();
  if (version !== 0) throw c.fail(`attribute info version ${version}`);
  const flags = c.u8();
  if (flags & 1) c.skip(2);
  const heap = c.addr();
  const nameIndex = c.addr();
  const creationOrderIndex = flags & 2 ? c.addr() : undefined;
  return { heap, nameIndex, creationOrderIndex };
}

/** The old-style group: a v1 B-tree of symbol nodes and a local heap of names (symbol table message, 0x11). */
export interface SymbolTable {
  readonly btree: number;
  readonly heap: number;
}

export function parseSymbolTable(c: Cursor): SymbolTable {
  return { btree: c.defined('symbol table B-tree'), heap: c.defined('symbol table local heap') };
}
