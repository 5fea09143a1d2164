import { Cursor, utf8 } from './cursor.ts';
import { parseDataspace, type Dataspace } from './message-dataspace.ts';
import { parseDatatype, type Datatype } from './message-datatype.ts';

/** An attribute as stored: its value is decoded later (it may need the global heap). */
export interface RawAttribute {
  readonly name: string;
  readonly datatype: Datatype;
  readonly dataspace: Dataspace;
  readonly data: Uint8Array;
  readonly creationOrder?: number;
}

/** A committed datatype an attribute or dataset refers to, to be read from its own object header. */
export interface SharedRef {
  readonly address: number;
}

/**
 * Parses an attribute message (versions 1–3). `resolveShared` turns a shared datatype (bit 0 of the flags) into
 * the committed datatype it names.
 */
export async function parseAttribute(
  c: Cursor,
  resolveShared: (c: Cursor) => Promise<Datatype>,
): Promise<RawAttribute> {
  const version = c.u8();
  if (version < 1 || version > 3) throw c.fail(`attribute message version ${version}`);
  const flags = c.u8();
  const nameSize = c.u16();
  const typeSize = c.u16();
  const spaceSize = c.u16();
  if (version === 3) c.u8(); // name character set
  const pad = (n: number) => (version === 1 ? Math.ceil(n / 8) * 8 : n);
  const nameBytes = c.take(pad(nameSize));
  const nul = nameBytes.indexOf(0);
  const name = utf8(nameBytes.subarray(0, nul < 0 ? Math.min(nameSize, nameBytes.length) : nul));
  const typeBytes = c.take(pad(typeSize));
  const spaceBytes = c.take(pad(spaceSize));
  const sub = (bytes: Uint8Array, what: string) =>
    new Cursor(bytes, c.address, `attribute "${name}" ${what}`, c.format);
  const datatype =
    flags & 1 ? await resolveShared(sub(typeBytes, 'datatype')) : parseDatatype(sub(typeBytes, 'datatype'));
  if (flags & 2) throw c.fail(`attribute "${name}" has a shared dataspace (shared message heap), which is not read`);
  const dataspace = parseDataspace(sub(spaceBytes, 'dataspace'));
  return { name, datatype, dataspace, data: c.bytes.subarray(c.pos) };
}

/**
 * The address a shared message refers to (versions 1–3 of the shared message encoding). Messages in the file's
 * shared message heap (type 1 of version 3) are refused.
 */
export function parseSharedAddress(c: Cursor): number {
  const version = c.u8();
  const type = c.u8(); // unused before version 3
  if (version === 1) {
    // Reserved bytes, then the old symbol table entry form: a length-sized field before the address.
    c.skip(6 + c.format.lengthSize);
    return c.defined('shared message address');
  }
  if (version === 2) return c.defined('shared message address');
  if (version === 3) {
    if (type === 2) return c.defined('shared message address');
    throw c.fail(`shared message of type ${type} (the shared object header message heap is not read)`);
  }
  throw c.fail(`shared message version ${version}`);
}
