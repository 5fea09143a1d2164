/**
 * The CDL text `ncdump` prints: header (`-h`), special attributes (`-s`), and the data section through a
 * callback that formats one variable's values (data.ts). Layout, indentation and blank lines follow ncdump's
 * do_ncdump_rec: groups nest with two more spaces per level and close with `} // group name`.
 */
import type { Attribute, Dataset, Dimension, Group, Variable } from '../model/types';
import { attributeLine, specialGlobalLines, specialVariableLines } from './attributes';
import { cdlName } from './escape';
import { LinePosition, typeRefName, typesSection, userAttributeLine } from './user-types';

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

/** CDL type name of a variable's type (a user-defined type's own name). */
export function typeName(v: Variable): string {
  return v.userType?.name ?? v.type;
}

/** CDL keywords: ncdump puts a space between such a variable name and `:` in its attribute lines. */
const KEYWORDS = new Set(['variables', 'dimensions', 'data', 'group', 'types']);

/** The variable part of an attribute line (`temp`, or `data ` for a keyword, as ncdump's pr_att writes it). */
export function attributeOwner(name: string): string {
  return KEYWORDS.has(name) ? `${cdlName(name)} ` : cdlName(name);
}

const parentPath = (path: string) => {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};

/**
 * A variable's dimension as ncdump names it (ncdump.c, the search before print_name of a dimension): its
 * plain name when the nearest group up from the variable's group that has a dimension of that name has this
 * one; its full path (`/dim`, `/g2/dim`) when a nearer dimension of the same name shadows it, or when it lives
 * in no ancestor group.
 */
function dimensionRef(groups: ReadonlyMap<string, Group>, g: Group, d: Dimension): string {
  let duplicate = false;
  for (let path: string | undefined = g.path; path !== undefined; path = path === '/' ? undefined : parentPath(path)) {
    const hit = groups.get(path)?.dimensions.find((x) => x.name === d.name);
    if (hit?.path === d.path) return duplicate ? fullName(d) : cdlName(d.name);
    if (hit) duplicate = true;
  }
  return fullName(d);
}

/** `/g2/dim`: each segment escaped as a name, `/` kept (ncdump's print_name leaves `/` alone). */
function fullName(d: Dimension): string {
  return d.path.split('/').map(cdlName).join('/');
}

function variableLine(indent: string, groups: ReadonlyMap<string, Group>, g: Group, v: Variable): string {
  const dims = v.dimensions.length > 0 ? `(${v.dimensions.map((d) => dimensionRef(groups, g, d)).join(', ')})` : '';
  const type = v.userType ? typeRefName(groups, g, v.userType) : typeName(v);
  return `${indent}\t${type} ${cdlName(v.name)}${dims} ;\n`;
}

function groupIndex(root: Group): Map<string, Group> {
  const out = new Map<string, Group>();
  const visit = (g: Group) => {
    out.set(g.path, g);
    g.groups.forEach(visit);
  };
  visit(root);
  return out;
}

/** What printing one group needs besides the group: the dataset, every group by path, the shared line position. */
interface Context {
  readonly ds: Dataset;
  readonly groups: ReadonlyMap<string, Group>;
  readonly line: LinePosition;
  readonly o: CdlOptions;
}

function group(c: Context, g: Group, depth: number): string {
  const { ds, groups, o } = c;
  const indent = '  '.repeat(depth);
  const attribute = (owner: string, a: Attribute) =>
    a.type === 'user'
      ? userAttributeLine(groups, g, indent, owner, a, c.line)
      : attributeLine(indent, owner, a, ds.format);
  let out = typesSection(groups, g, indent, c.line);
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
      out += variableLine(indent, groups, g, v);
      for (const a of v.attributes) out += attribute(attributeOwner(v.name), a);
      if (o.special) out += specialVariableLines(indent, v, ds.format);
    }
  }
  if (g.attributes.length > 0 || o.special) {
    out += `\n${indent}// ${depth === 0 ? 'global' : 'group'} attributes:\n`;
    for (const a of g.attributes) out += attribute('', a);
    if (o.special && depth === 0) out += specialGlobalLines(ds);
  }
  if (o.data && g.variables.length > 0) {
    // ncdump prints nothing for a variable with a dimension of length 0 (no records yet).
    const parts = g.variables
      .filter((v) => !v.dimensions.some((d) => d.length === 0))
      .map((v) => o.data?.(v, indent))
      .filter((s): s is string => s !== undefined);
    out += `${indent}data:\n`;
    for (const p of parts) out += `\n${p}`;
    // Each variable's data ends with ncdump's lput("\n"), which leaves its line position at the indent.
    if (parts.length > 0) c.line.col = indent.length;
  }
  for (const child of g.groups) {
    out += `\n${indent}group: ${cdlName(child.name)} {\n`;
    out += group(c, child, depth + 1);
    out += `${indent}  } // group ${cdlName(child.name)}\n`;
  }
  return out;
}

/** The whole CDL document. */
export function printCdl(ds: Dataset, o: CdlOptions = {}): string {
  const c: Context = { ds, groups: groupIndex(ds.root), line: new LinePosition(), o };
  return `netcdf ${cdlName(o.name ?? ds.name)} {\n${group(c, ds.root, 0)}}\n`;
}
