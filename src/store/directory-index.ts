/**
 * Directory index pages (nginx and Apache `autoindex`, Python's `http.server`, Go's `FileServer`, lighttpd) read
 * as a `Listing`, without a DOM: a strict pattern over the `href` of `<a>` elements, keeping only relative names
 * of direct children. Text is never interpreted as markup; the result is names only.
 *
 * @example
 * parseDirectoryIndex('<title>Index of /ds/</title><a href="temp/">temp/</a>'); // { files: [], folders: ['temp'] }
 */
import type { Listing } from './types';

/** `<a … href="…"` or `href='…'` (the first href of each anchor). */
const ANCHOR_HREF = /<a\s(?:[^>"']|"[^"]*"|'[^']*')*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** Title or heading of the index pages servers generate. */
const INDEX_TITLE = /<(title|h1)[^>]*>\s*(Index of|Directory listing for|Directory of|Listing of)\b/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos|nbsp);/g, (whole, e: string) => {
    if (e[0] !== '#') return ENTITIES[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The child name an href points at, with whether it is a folder; undefined for anything that is not a direct
 * child given relatively (absolute or scheme URLs, `../`, queries such as Apache's sort links, fragments).
 */
export function childOfHref(rawHref: string): { name: string; folder: boolean } | undefined {
  let href = decodeEntities(rawHref).trim();
  if (href === '' || /^[a-z][a-z0-9+.-]*:/i.test(href) || /^[/?#\\]/.test(href)) return undefined;
  if (href.startsWith('./')) href = href.slice(2);
  if (/[?#]/.test(href)) return undefined;
  const folder = href.endsWith('/');
  const body = folder ? href.slice(0, -1) : href;
  let name: string;
  try {
    name = decodeURIComponent(body);
  } catch {
    return undefined;
  }
  if (
    name === '' ||
    name === '.' ||
    name === '..' ||
    name.includes('/') ||
    [...name].some((c) => c.charCodeAt(0) < 0x20)
  )
    return undefined;
  return { name, folder };
}

/**
 * Reads an HTML directory index. Undefined when the page is not one: neither titled as an index by the server
 * nor a script-free page of relative links (an app's fallback page has scripts and no such links).
 */
export function parseDirectoryIndex(html: string): Listing | undefined {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const m of html.matchAll(ANCHOR_HREF)) {
    const child = childOfHref(m[1] ?? m[2] ?? '');
    if (child) (child.folder ? folders : files).add(child.name);
  }
  const titled = INDEX_TITLE.test(html);
  if (!titled && (/<script\b/i.test(html) || files.size + folders.size === 0)) return undefined;
  return { files: [...files].sort(), folders: [...folders].sort() };
}
