/**
 * Directory index pages (nginx and Apache `autoindex`, lighttpd, Go's FileServer, `python3 -m http.server`) read as
 * entries with the size and date the page shows, without a DOM: a small scan over `<a …>` tags and the text between
 * one link and the next. Only links to direct children of the folder on the same origin are kept: a link to any
 * other host or folder (sort links, parents, absolute URLs elsewhere) is never an entry, so it is never followed.
 */
import { decodeXmlText } from './xml';
import { kindOfFileName, kindOfFolderName } from './kind';
import type { Entry } from './types';

/** `<a …>` tags with their attribute text (quoted values may hold `>`). */
const ANCHOR = /<a\s((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const INDEX_TITLE = /<(title|h1)[^>]*>\s*(Index of|Directory listing for|Directory of|Listing of)\b/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The child an href names under `base` (a folder URL ending in `/`), or undefined. */
export function childOf(href: string, base: string): { name: string; folder: boolean; url: string } | undefined {
  let u: URL;
  let b: URL;
  try {
    b = new URL(base);
    u = new URL(decodeXmlText(href.trim()), b);
  } catch {
    return undefined;
  }
  if (u.origin !== b.origin || u.search || u.hash || href.trim().startsWith('#')) return undefined;
  if (!u.pathname.startsWith(b.pathname)) return undefined;
  const rest = u.pathname.slice(b.pathname.length);
  const folder = rest.endsWith('/');
  const seg = folder ? rest.slice(0, -1) : rest;
  if (!seg || seg.includes('/')) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(seg);
  } catch {
    return undefined;
  }
  if (name === '.' || name === '..' || [...name].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  return { name, folder, url: u.href };
}

function parseDate(text: string): string | undefined {
  let m = /(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  m = /(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (m) return iso(+m[3]!, MONTHS.indexOf(m[2]!.toLowerCase()) + 1, +m[1]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  m = /(\d{4})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (m) return iso(+m[1]!, MONTHS.indexOf(m[2]!.toLowerCase()) + 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  return undefined;
}

function iso(y: number, mo: number, d: number, h: number, mi: number, s: number): string | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return undefined;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s)).toISOString();
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** The size after the date: bytes (nginx), or 1.2K / 3.4M (Apache, lighttpd); `-` for folders. */
function parseSize(text: string, afterDate: boolean): number | undefined {
  const tail = afterDate ? text.replace(/^[\s\S]*?\d{2}:\d{2}(?::\d{2})?/, '') : text;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?(?:\s|$)/i.exec(tail);
  if (!m) return undefined;
  const v = Number(m[1]) * UNITS[m[2]!.toLowerCase()]!;
  return Number.isFinite(v) ? Math.round(v) : undefined;
}

/**
 * The entries of an index page of folder `base`; undefined when the page is not an index (neither titled as one
 * nor a script-free page of child links).
 */
export function parseIndexPage(html: string, base: string): Entry[] | undefined {
  const anchors = [...html.matchAll(ANCHOR)];
  const byName = new Map<string, Entry>();
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i]!;
    const h = HREF.exec(a[1] ?? '');
    if (!h) continue;
    const child = childOf(h[1] ?? h[2] ?? h[3] ?? '', base);
    if (!child || byName.has(child.name)) continue;
    const end = anchors[i + 1]?.index ?? html.length;
    const between = html.slice(a.index + a[0].length, Math.min(end, a.index + a[0].length + 4096));
    const closeAt = between.search(/<\/a\s*>/i);
    const after = decodeXmlText((closeAt < 0 ? '' : between.slice(closeAt)).replace(/<[^>]*>/g, ' ')).split(/\n/)[0]!;
    const date = parseDate(after);
    const size = child.folder ? undefined : parseSize(after, date !== undefined);
    const kind = child.folder ? kindOfFolderName(child.name) : kindOfFileName(child.name);
    const url = child.url;
    byName.set(child.name, {
      name: child.name,
      kind,
      guessed: true,
      key: url,
      size,
      date,
      place: child.folder ? { kind: 'http', url } : undefined,
      open: child.folder ? (kind === 'folder' ? undefined : url.replace(/\/$/, '')) : url,
    });
  }
  if (!INDEX_TITLE.test(html) && (/<script\b/i.test(html) || byName.size === 0)) return undefined;
  return [...byName.values()];
}
