/** Attribute lines as ncdump prints them (`\t\tvar:name = values ;`), and the `-s` special attributes. */
import { ncdumpSpecial } from '../codecs/registry';
import type { Attribute, Dataset, Variable } from '../model/types';
import { cdlName, cdlString } from './escape';
import { doubleAttr, floatAttr, intAttr } from './number';

/** The value list of an attribute in CDL. */
export function attributeValues(a: Attribute): string {
  switch (a.type) {
    case 'char':
      return `"${cdlString(a.value)}"`;
    case 'string':
      return a.value.map((s) => `"${cdlString(s)}"`).join(', ');
    case 'float':
      return a.value.map(floatAttr).join(', ');
    case 'double':
      return a.value.map(doubleAttr).join(', ');
    default:
      return (a.value as readonly (number | bigint)[]).map((x) => intAttr(x, a.type)).join(', ');
  }
}

/** One attribute line; `owner` is the variable name, '' for group attributes. */
export function attributeLine(indent: string, owner: string, a: Attribute): string {
  const type = a.type === 'string' ? 'string ' : '';
  return `${indent}\t\t${type}${owner}:${cdlName(a.name)} = ${attributeValues(a)} ;\n`;
}

const ENDIAN_TYPES = new Set(['short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double', 'half']);

function filterLines(p: string, v: Variable): string {
  const forms = v.codecs.map(ncdumpSpecial);
  const filters = forms.map((f) => f.filter).filter((s): s is string => s !== undefined);
  let out = filters.length > 0 ? `${p}_Filter = "${filters.join('|')}" ;\n` : '';
  if (forms.some((f) => f.shuffle)) out += `${p}_Shuffle = "true" ;\n`;
  if (forms.some((f) => f.fletcher32)) out += `${p}_Fletcher32 = "true" ;\n`;
  const level = forms.find((f) => f.deflateLevel !== undefined)?.deflateLevel;
  if (level !== undefined) out += `${p}_DeflateLevel = ${level} ;\n`;
  return out;
}

/** `-s` lines of a variable: _Storage, _ChunkSizes, _Filter, _Shuffle, _Fletcher32, _DeflateLevel, _Codecs, _Endianness, _NoFill. */
export function specialVariableLines(indent: string, v: Variable): string {
  const p = `${indent}\t\t${cdlName(v.name)}:`;
  let out = '';
  if (v.storage === 'contiguous') out += `${p}_Storage = "contiguous" ;\n`;
  else {
    out += `${p}_Storage = "chunked" ;\n`;
    if (v.chunks.length > 0) out += `${p}_ChunkSizes = ${v.chunks.join(', ')} ;\n`;
  }
  out += filterLines(p, v);
  if (v.zarr.codecsText) out += `${p}_Codecs = "${cdlString(v.zarr.codecsText)}" ;\n`;
  if (ENDIAN_TYPES.has(v.type) && v.endianness !== 'none') out += `${p}_Endianness = "${v.endianness}" ;\n`;
  if (v.fillValue === null) out += `${p}_NoFill = "true" ;\n`;
  return out;
}

/** `-s` lines of the root group: _NCProperties (when the dataset has it) and _Format. */
export function specialGlobalLines(ds: Dataset): string {
  let out = '';
  if (ds.ncProperties !== undefined) out += `\t\t:_NCProperties = "${cdlString(ds.ncProperties)}" ;\n`;
  out += `\t\t:_Format = "netCDF-4" ;\n`;
  return out;
}
