/**
 * Directory index pages (nginx and Apache `autoindex`, lighttpd, Go's FileServer, `python3 -m http.server`) read as
 * entries with the size and date the page shows, without a DOM: a small scan over `<a …>` tags and the text between
 * one link and the next. Only links to direct children of the folder on the same origin are kept: a link to any
 * other host or folder (sort links, parents, absolute URLs elsewhere) is never an entry, so it is never followed.
 * The page is scanned as it arrives by index-stream.ts; this file reads one anchor.
 */
import { decodeXmlText } from './xml';
import { kindOfFileName, kindOfFolderName } from './kind';
import type { Entry } from './types';

const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The child an href names under `base` (a folder URL ending in `/`), or undefined. */
/** A plain child name: what most index pages write, resolved without parsing URLs. */
const PLAIN = /^[\w~-][\w.~-]*\/?$/;
let lastBase: { readonly base: string; readonly href: string | undefined } | undefined;

/** `base` as a URL's href (undefined when it does not parse), the last one kept. */
function baseHref(base: string): string | undefined {
  if (lastBase?.base !== base) {
    let href: string | undefined;
    try {
      href = new URL(base).href;
    } catch {
      href = undefined;
    }
    lastBase = { base, href };
  }
  return lastBase.href;
}

export function childOf(href: string, base: string): { name: string; folder: boolean; url: string } | undefined {
  const plain = PLAIN.test(href) ? baseHref(base) : undefined;
  if (plain?.endsWith('/') && !plain.includes('?') && !plain.includes('#')) {
    const folder = href.endsWith('/');
    return { name: folder ? href.slice(0, -1) : href, folder, url: plain + href };
  }
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
 * The entry an `<a …>` tag names (`attrs`: its attribute text; `between`: the text from the tag's end to the next
 * anchor, 4096 characters at most), or undefined when it is no direct child of folder `base` on its origin.
 */
export function entryOfAnchor(attrs: string, between: string, base: string): Entry | undefined {
  const h = HREF.exec(attrs);
  if (!h) return undefined;
  const child = childOf(h[1] ?? h[2] ?? h[3] ?? '', base);
  if (!child) return undefined;
  const closeAt = between.search(/<\/a\s*>/i);
  const after = decodeXmlText((closeAt < 0 ? '' : between.slice(closeAt)).replace(/<[^>]*>/g, ' ')).split(/\n/)[0]!;
  const date = parseDate(after);
  const size = child.folder ? undefined : parseSize(after, date !== undefined);
  const kind = child.folder ? kindOfFolderName(child.name) : kindOfFileName(child.name);
  const url = child.url;
  return {
    name: child.name,
    kind,
    guessed: true,
    key: url,
    size,
    date,
    place: child.folder ? { kind: 'http', url } : undefined,
    open: child.folder ? (kind === 'folder' ? undefined : url.replace(/\/$/, '')) : url,
  };
}
