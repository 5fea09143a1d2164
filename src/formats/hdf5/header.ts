import { Cursor } from './cursor.ts';
import type { Datatype } from './message-datatype.ts';
import { parseDatatype } from './message-datatype.ts';
import { parseDataspace, type Dataspace } from './message-dataspace.ts';
import { parseFillValue, parseOldFillValue, type FillValue } from './message-fill-value.ts';
import { parseFilters, type Filter } from './message-filters.ts';
import { parseLayout, type Layout } from './message-layout.ts';
import {
  parseAttributeInfo,
  parseLink,
  parseLinkInfo,
  parseSymbolTable,
  type Link,
  type LinkInfo,
  type SymbolTable,
} from './message-link.ts';
import { parseSharedAddress } from './message-attribute.ts';
import type { Format } from './cursor.ts';
import { FLAG_SHARED, MSG, type Message, type ObjectHeader } from './object-header.ts';
import { UnsupportedError } from '../../errors.ts';

/** The messages of an object header that this reader interprets, parsed. */
export interface HeaderInfo {
  readonly datatype: Datatype | undefined;
  readonly dataspace: Dataspace | undefined;
  readonly layout: Layout | undefined;
  readonly filters: readonly Filter[];
  readonly fillValue: FillValue | undefined;
  readonly links: readonly Link[];
  readonly linkInfo: LinkInfo | undefined;
  readonly symbolTable: SymbolTable | undefined;
  readonly attributeMessages: readonly Message[];
  readonly attributeInfo: LinkInfo | undefined;
  readonly externalFiles: boolean;
  /** Where the header's missing part starts, in a truncated file (object-header.ts). */
  readonly lostAt: number | undefined;
}

function cursor(m: Message, structure: string, format: Format): Cursor {
  return new Cursor(m.data, m.address, structure, format);
}

/**
 * Parses the messages of a header. `committed` reads the committed datatype at an address (a shared datatype
 * message names one).
 */
export async function interpret(
  header: ObjectHeader,
  format: Format,
  committed: (address: number) => Promise<Datatype>,
): Promise<HeaderInfo> {
  let datatype: Datatype | undefined;
  let dataspace: Dataspace | undefined;
  let layout: Layout | undefined;
  let filters: Filter[] = [];
  let fillValue: FillValue | undefined;
  let oldFill: FillValue | undefined;
  let linkInfo: LinkInfo | undefined;
  let symbolTable: SymbolTable | undefined;
  let attributeInfo: LinkInfo | undefined;
  let externalFiles = false;
  const links: Link[] = [];
  const attributeMessages: Message[] = [];
  for (const m of header.messages) {
    const shared = (m.flags & FLAG_SHARED) !== 0;
    if (shared && m.type !== MSG.datatype && m.type !== MSG.attribute) {
      throw new UnsupportedError(
        `An object header (at byte ${header.address}) keeps message ${m.type} in the shared message heap, which is not read.`,
      );
    }
    switch (m.type) {
      case MSG.datatype:
        datatype = shared
          ? await committed(parseSharedAddress(cursor(m, 'shared datatype', format)))
          : parseDatatype(cursor(m, 'datatype message', format));
        break;
      case MSG.dataspace:
        dataspace = parseDataspace(cursor(m, 'dataspace message', format));
        break;
      case MSG.layout:
        layout = parseLayout(cursor(m, 'data layout message', format));
        break;
      case MSG.filterPipeline:
        filters = parseFilters(cursor(m, 'filter pipeline message', format));
        break;
      case MSG.fillValue:
        fillValue = parseFillValue(cursor(m, 'fill value message', format));
        break;
      case MSG.fillValueOld:
        oldFill = parseOldFillValue(cursor(m, 'fill value message', format));
        break;
      case MSG.link:
        links.push(parseLink(cursor(m, 'link message', format)));
        break;
      case MSG.linkInfo:
        linkInfo = parseLinkInfo(cursor(m, 'link info message', format));
        break;
      case MSG.symbolTable:
        symbolTable = parseSymbolTable(cursor(m, 'symbol table message', format));
        break;
      case MSG.attribute:
        attributeMessages.push(m);
        break;
      case MSG.attributeInfo:
        attributeInfo = parseAttributeInfo(cursor(m, 'attribute info message', format));
        break;
      case MSG.externalFiles:
        externalFiles = true;
        break;
      default:
        break;
    }
  }
  // The new fill value message wins, as HDF5 reads it (H5D__open_oid): the old one only when there is no new one.
  return {
    datatype,
    dataspace,
    layout,
    filters,
    fillValue: fillValue ?? oldFill,
    links,
    linkInfo,
    symbolTable,
    attributeMessages,
    attributeInfo,
    externalFiles,
    lostAt: header.lostAt,
  };
}
