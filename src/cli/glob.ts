/**
 * Local glob patterns for `zarrview dump GLOB`: `*` and `?` within one path segment, `[abc]`/`[a-z]`/`[!x]`
 * classes, `**` for any number of folders. Matches come back sorted (by path, as a shell sorts them under C
 * collation); hidden entries are matched only by a segment starting with a dot, as a shell does.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Whether `s` has glob characters (a location that is a pattern rather than one path). */
export function isGlob(s: string): boolean {
  return /[*?[]/.test(s);
}

function segmentRegex(segment: string): RegExp {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        let body = segment.slice(i + 1, end);
        const negate = body.startsWith('!') || body.startsWith('^');
        if (negate) body = body.slice(1);
        out += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, (x) => `\\${x}`)}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, (x) => `\\${x}`);
  }
  return new RegExp(`^${out}$`);
}

async function entries(dir: string): Promise<{ name: string; folder: boolean }[]> {
  try {
    const list = await fs.readdir(dir === '' ? '.' : dir, { withFileTypes: true });
    return list.map((e) => ({ name: e.name, folder: e.isDirectory() }));
  } catch {
    return [];
  }
}

/** The paths matching `pattern` (relative patterns against the working folder), sorted; empty when none. */
export async function expandGlob(pattern: string): Promise<string[]> {
  const absolute = path.isAbsolute(pattern);
  const parts = pattern.split(/[\\/]+/).filter((p, i) => p !== '' || i === 0);
  const out = new Set<string>();
  const walk = async (base: string, i: number): Promise<void> => {
    if (i === parts.length) {
      out.add(base);
      return;
    }
    const part = parts[i]!;
    const join = (name: string) => (base === '' ? name : base === '/' ? `/${name}` : `${base}/${name}`);
    if (part === '**') {
      await walk(base, i + 1);
      for (const e of await entries(base)) if (e.folder && !e.name.startsWith('.')) await walk(join(e.name), i);
      return;
    }
    if (!isGlob(part)) {
      const next = join(part);
      if (i === parts.length - 1) {
        if (
          await fs.stat(next).then(
            () => true,
            () => false,
          )
        )
          out.add(next);
      } else await walk(next, i + 1);
      return;
    }
    const re = segmentRegex(part);
    const last = i === parts.length - 1;
    for (const e of await entries(base)) {
      if (e.name.startsWith('.') && !part.startsWith('.')) continue;
      if (!re.test(e.name)) continue;
      if (last) out.add(join(e.name));
      else if (e.folder) await walk(join(e.name), i + 1);
    }
  };
  if (absolute) await walk('/', parts[0] === '' ? 1 : 0);
  else await walk('', 0);
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
