/**
 * The CDL text `ncdump` prints: header (`-h`), special attributes (`-s`), and the data section through a
 * callback that formats one variable's values (data.ts). Layout, indentation and blank lines follow ncdump's
 * do_ncdump_rec: groups nest with two more spaces per level and close with `} // group name`.
 */
import type { Dataset, Group, Variable } from '../model/types';
import { attributeLine, specialGlobalLines, specialVariableLines } from './attributes';
import { cdlName } from './escape';

export interface CdlOptions {
  /** `-s`: special virtual attributes. */
  readonly special?: boolean;
  /** Dataset name after `netcdf` (default: the dataset's). */
  readonly name?: string;
  /**
   * The data section of one variable (`\n name = ... ;\n` lines, without the leading blank line), or
   * undefined when the variable's data is not printed. Absent → header only.
   */
  readonly data?: ((v: Variable, indent: string) => string | undefined) | undefined;
}

/** CDL type name of a variable's type. */
export function typeName(v: Variable): string {
  return v.type;
}

function variableLine(indent: string, v: Variable): string {
  const dims = v.dimensions.length > 0 ? `(${v.dimensions.map((d) => cdlName(d.name)).join(', ')})` : '';
  return `${indent}\t${typeName(v)} ${cdlName(v.name)}${dims} ;\n`;
}

function group(ds: Dataset, g: Group, depth: number, o: CdlOptions): string {
  const indent = '  '.repeat(depth);
  let out = '';
  if (g.dimensions.length > 0) {
    out += `${indent}dimensions:\n`;
    for (const d of g.dimensions) {
      out += d.unlimited
        ? `${indent}\t${cdlName(d.name)} = UNLIMITED ; // (${d.length} currently)\n`
        : `${indent}\t${cdlName(d.name)} = ${d.length} ;\n`;
    }
  }
  if (g.variables.length > 0) {
    out += `${indent}variables:\n`;
    for (const v of g.variables) {
      out += variableLine(indent, v);
      for (const a of v.attributes) out += attributeLine(indent, cdlName(v.name), a);
      if (o.special) out += specialVariableLines(indent, v);
    }
  }
  if (g.attributes.length > 0 || o.special) {
    out += `\n${indent}// ${depth === 0 ? 'global' : 'group'} attributes:\n`;
    for (const a of g.attributes) out += attributeLine(indent, '', a);
    if (o.special && depth === 0) out += specialGlobalLines(ds);
  }
  if (o.data && g.variables.length > 0) {
    const parts = g.variables.map((v) => o.data?.(v, indent)).filter((s): s is string => s !== undefined);
    out += `${indent}data:\n`;
    for (const p of parts) out += `\n${p}`;
  }
  for (const c of g.groups) {
    out += `\n${indent}group: ${cdlName(c.name)} {\n`;
    out += group(ds, c, depth + 1, o);
    out += `${indent}  } // group ${cdlName(c.name)}\n`;
  }
  return out;
}

/** The whole CDL document. */
export function printCdl(ds: Dataset, o: CdlOptions = {}): string {
  return `netcdf ${cdlName(o.name ?? ds.name)} {\n${group(ds, ds.root, 0, o)}}\n`;
}
