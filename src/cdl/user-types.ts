/**
 * The netCDF-4 user-defined types in CDL as ncdump prints them (ncdump.c print_ud_type, pr_att; dumplib.c
 * print_type_name): the `types:` section of a group, a type's name where it is used, and attributes of user types.
 * Enum declarations and compound/vlen attribute values are written through ncdump's `lput`, whose line position
 * is one counter for the whole output (vardata.c): it is kept here in `LinePosition`, shared by the header and
 * the data of one dump, so that lines wrap where ncdump wraps them.
 */
import type { Attribute, Group, TypeRef, UserType } from '../model/types';
import { cdlName } from './escape';
import { enumName, valueText } from './user-values';

/** ncdump's lput: a piece that would end past column 78 starts a continuation line (the position is shared). */
export class LinePosition {
  col = 0;
  /** The piece, after a line break and continuation indent when it does not fit; `indent` is ncdump's indent_get(). */
  put(text: string, indent: number): string {
    const n = new TextEncoder().encode(text).length;
    let out = '';
    if (n + this.col > 78 && n > 2) {
      out = `\n${' '.repeat(indent)}    `;
      this.col = 4 + indent;
    }
    this.col = text.endsWith('\n') ? indent : this.col + n;
    return out + text;
  }
}

const parentPath = (path: string) => {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};

/**
 * A type's name as used in group `g` (print_type_name): the plain name when `g` or an ancestor defines a type of
 * that name, else the defining group's full path and the name (`/g/op_t2`).
 */
export function typeRefName(groups: ReadonlyMap<string, Group>, g: Group, t: TypeRef): string {
  if (typeof t === 'string') return t;
  for (let path: string | undefined = g.path; path !== undefined; path = path === '/' ? undefined : parentPath(path))
    if (groups.get(path)?.types?.some((x) => x.name === t.name)) return cdlName(t.name);
  return `${cdlName(parentPath(t.path))}/${cdlName(t.name)}`;
}

/** The `types:` section of a group (empty when it defines none); `indent` is the group's. */
export function typesSection(groups: ReadonlyMap<string, Group>, g: Group, indent: string, line: LinePosition): string {
  if (!g.types?.length) return '';
  const ind = `${indent}  `;
  const name = (t: TypeRef) => typeRefName(groups, g, t);
  let out = `${indent}types:\n`;
  for (const t of g.types) {
    switch (t.kind) {
      case 'vlen':
        out += `${ind}${name(t.base)}(*) ${name(t)} ;\n`;
        break;
      case 'opaque':
        out += `${ind}opaque(${t.size}) ${name(t)} ;\n`;
        break;
      case 'compound':
        out += `${ind}compound ${name(t)} {\n`;
        for (const f of t.fields) {
          const dims = f.dims.length ? `(${f.dims.join(', ')})` : '';
          out += `${ind}  ${name(f.type)} ${cdlName(f.name)}${dims} ;\n`;
        }
        out += `${ind}}; // ${name(t)}\n`;
        break;
      case 'enum': {
        // print_enum_type escapes both names but does not look the type up in scope.
        out += ind + line.put(`${cdlName(t.base)} enum ${cdlName(t.name)} {`, ind.length);
        t.members.forEach((m, i) => {
          const delim = i === t.members.length - 1 ? '} ;\n' : ', ';
          out += line.put(`${cdlName(m.name)} = ${BigInt.asIntN(64, BigInt(m.value))}${delim}`, ind.length);
        });
        break;
      }
    }
  }
  return out;
}

/** The values of an attribute of a user type, as pr_att writes them (after ` = `, before ` ;`). */
function userAttributeValues(a: Attribute & { type: 'user' }, indent: number, line: LinePosition): string {
  const t: UserType = a.userType;
  if (t.kind === 'enum') return a.value.map((v) => cdlName(enumName(t, v) ?? String(v))).join(', ');
  if (t.kind === 'opaque') return a.value.map((v) => valueText(t, v)).join(', ');
  if (a.value.length === 0) return '';
  return a.value.map((v, i) => line.put(valueText(t, v) + (i < a.value.length - 1 ? ', ' : ''), indent)).join('');
}

/** One attribute line of a user type: `\t\tcmp_t var:att = {1, 2.5} ;`. */
export function userAttributeLine(
  groups: ReadonlyMap<string, Group>,
  g: Group,
  indent: string,
  owner: string,
  a: Attribute & { type: 'user' },
  line: LinePosition,
): string {
  const head = `${indent}\t\t${typeRefName(groups, g, a.userType)} ${owner}:${cdlName(a.name)} = `;
  return `${head}${userAttributeValues(a, indent.length, line)} ;\n`;
}
