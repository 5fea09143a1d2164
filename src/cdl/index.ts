/** The CDL printer: `ncdump -h`, `-s` and the data section, from the model (and slices for data). */
export { printCdl, typeName, type CdlOptions } from './header';
export { formatVariableData, effectiveFill, type DataFormatOptions } from './data';
export { attributeValues } from './attributes';
export { formatG } from './number';
export { cdlName, cdlString } from './escape';
