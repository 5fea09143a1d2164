/** Attribute lines as ncdump prints them (`\t\tvar:name = values ;`), and the `-s` special attributes. */
import { ncdumpSpecial } from '../codecs/registry';
import type { Attribute, Dataset, Variable } from '../model/types';
import { cdlName, cdlString } from './escape';
import { doubleAttr, floatAttr, intAttr } from './number';
import { valueText } from './user-values';

/** netCDF-3 formats (`Dataset.format`, as `_Format` names them): ncdump prints no special variable attributes but CDF-5's `_Storage`. */
export const NETCDF3 = new Set(['classic', '64-bit offset', 'cdf5']);

/**
 * The value list of an attribute in CDL. For a netCDF-3 file (`format`), text breaks into a list after each
 * embedded newline, as ncdump's pr_att_string does for every format but netCDF-4 (classic model included).
 */
export function attributeValues(a: Attribute, format?: string): string {
  // ncdump shows a string or user-typed attribute of no values as empty text (pr_att: "0-length attributes").
  if ((a.type === 'string' || a.type === 'user') && a.value.length === 0) return '""';
  switch (a.type) {
    case 'char':
      if (format !== undefined && (NETCDF3.has(format) || format === 'netCDF-4 classic model'))
        return `"${a.value.split('\n').map(cdlString).join('\\n",\n\t\t\t"')}"`;
      return `"${cdlString(a.value)}"`;
    case 'string':
      return a.value.map((s) => `"${cdlString(s)}"`).join(', ');
    case 'float':
      return a.value.map(floatAttr).join(', ');
    case 'double':
      return a.value.map(doubleAttr).join(', ');
    case 'user':
      // Without ncdump's line wrapping (header.ts prints these lines); for other uses of the values.
      return a.value.map((v) => valueText(a.userType, v)).join(', ');
    default:
      return (a.value as readonly (number | bigint)[]).map((x) => intAttr(x, a.type)).join(', ');
  }
}

/** One attribute line; `owner` is the variable name, '' for group attributes; `format` as for attributeValues. */
export function attributeLine(indent: string, owner: string, a: Attribute, format?: string): string {
  const type = a.type === 'string' ? 'string ' : '';
  return `${indent}\t\t${type}${owner}:${cdlName(a.name)} = ${attributeValues(a, format)} ;\n`;
}

const ENDIAN_TYPES = new Set(['short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double', 'half']);

function filterLines(p: string, v: Variable): string {
  // An HDF5 file's filter keeps its own parameters (`hdf5_filter`: `id,cd0,cd1,…`), as ncdump prints them.
  const forms = [...(v.storeCodecs ?? []), ...v.codecs].map((c) => {
    const own = c.configuration.hdf5_filter;
    return typeof own === 'string' ? { ...ncdumpSpecial(c), filter: own } : ncdumpSpecial(c);
  });
  const filters = forms.map((f) => f.filter).filter((s): s is string => s !== undefined);
  // ncdump main's order (pr_att_specials): _Fletcher32, _Shuffle, _DeflateLevel, then the other filters.
  let out = forms.some((f) => f.fletcher32) ? `${p}_Fletcher32 = "true" ;\n` : '';
  if (forms.some((f) => f.shuffle)) out += `${p}_Shuffle = "true" ;\n`;
  const level = forms.find((f) => f.deflateLevel !== undefined)?.deflateLevel;
  if (level !== undefined) out += `${p}_DeflateLevel = ${level} ;\n`;
  if (filters.length > 0) out += `${p}_Filter = "${filters.join('|')}" ;\n`;
  return out;
}

/** Whether `format` (ncdump's `_Format`) names an HDF5 file. */
const isHdf5 = (format: string | undefined) => format?.startsWith('netCDF-4') === true;

/**
 * `-s` lines of a variable: _Storage, _ChunkSizes, _Filter, _Shuffle, _Fletcher32, _DeflateLevel, _Codecs,
 * _Endianness, _NoFill. For a netCDF-3 file (`format`), what ncdump's pr_att_specials prints: nothing for classic
 * and 64-bit offset, `_Storage = "contiguous"` for CDF-5.
 */
export function specialVariableLines(indent: string, v: Variable, format?: string): string {
  const p = `${indent}\t\t${cdlName(v.name)}:`;
  if (format !== undefined && NETCDF3.has(format)) return format === 'cdf5' ? `${p}_Storage = "contiguous" ;\n` : '';
  let out = '';
  if (v.storage === 'contiguous' || v.storage === 'compact') out += `${p}_Storage = "${v.storage}" ;\n`;
  else {
    out += `${p}_Storage = "chunked" ;\n`;
    if (v.chunks.length > 0) out += `${p}_ChunkSizes = ${v.chunks.join(', ')} ;\n`;
  }
  out += filterLines(p, v);
  // `_Codecs` is NCZarr's: a netCDF-4 file has HDF5 filters, shown above.
  if (v.zarr.codecsText && !isHdf5(format)) out += `${p}_Codecs = "${cdlString(v.zarr.codecsText)}" ;\n`;
  // A user-defined type has no byte order of its own in netCDF (its endianness is "native").
  if (ENDIAN_TYPES.has(v.type) && v.endianness !== 'none' && !v.userType)
    out += `${p}_Endianness = "${v.endianness}" ;\n`;
  if (v.fillValue === null) out += `${p}_NoFill = "true" ;\n`;
  return out;
}

/** `-s` lines of the root group: _NCProperties (when the dataset has it) and _Format. */
export function specialGlobalLines(ds: Dataset): string {
  let out = '';
  if (ds.ncProperties !== undefined) out += `\t\t:_NCProperties = "${cdlString(ds.ncProperties)}" ;\n`;
  if (ds.fileSpecial) {
    out += `\t\t:_SuperblockVersion = ${ds.fileSpecial.superblockVersion} ;\n`;
    out += `\t\t:_IsNetcdf4 = ${ds.fileSpecial.isNetcdf4 ? 1 : 0} ;\n`;
  }
  out += `\t\t:_Format = "${ds.format ?? 'netCDF-4'}" ;\n`;
  return out;
}
