/**
 * STAC documents read as entries: a Catalog or Collection lists its `child` links (catalogs), `item` links (items)
 * and its own assets; an Item lists its assets (Zarr, netCDF, kerchunk references, Icechunk by media type, roles
 * and href); an ItemCollection (a STAC API `/items` page) lists its features, and its `next` link is the cursor of
 * the next page. Links are listed, never fetched here (cycles between catalogs cost nothing).
 */
import { resolveHref, sameOrigin } from './fetch';
import { kindOfAsset } from './kind';
import type { Entry, ListPage } from './types';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Whether a parsed JSON document is STAC (a catalog, collection, item or item collection). */
export function isStac(doc: unknown): doc is Json {
  if (!isObject(doc)) return false;
  const type = str(doc.type);
  if (typeof doc.stac_version === 'string') return true;
  return (type === 'FeatureCollection' && Array.isArray(doc.features) && Array.isArray(doc.links)) || false;
}

function lastName(href: string): string {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  const name = last.replace(/\.json$/i, '');
  return (name === 'catalog' || name === 'collection') && path.includes('/')
    ? lastName(path.slice(0, path.lastIndexOf('/')))
    : name;
}

function isoDate(v: unknown): string | undefined {
  const s = str(v);
  const t = s ? Date.parse(s) : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

function links(doc: Json): Json[] {
  return Array.isArray(doc.links) ? doc.links.filter(isObject) : [];
}

/** The URL of a document's own `self` link, resolved. */
function selfHref(doc: Json, base: string): string | undefined {
  const self = links(doc).find((l) => l.rel === 'self');
  const href = self ? str(self.href) : undefined;
  return href ? resolveHref(href, base) : undefined;
}

/** Which `#mode` an asset's URL needs to open as its kind. */
function openUrl(href: string, kind: Entry['kind']): string {
  if (kind === 'icechunk' && !href.includes('#')) return `${href}#mode=icechunk`;
  return href;
}

function assetEntries(doc: Json, base: string, date: string | undefined): Entry[] {
  if (!isObject(doc.assets)) return [];
  const out: Entry[] = [];
  for (const [key, a] of Object.entries(doc.assets)) {
    if (!isObject(a)) continue;
    const href0 = str(a.href);
    const href = href0 ? resolveHref(href0, base) : undefined;
    if (!href) continue;
    const roles = Array.isArray(a.roles) ? a.roles.filter((r): r is string => typeof r === 'string') : [];
    const kind = kindOfAsset(str(a.type), roles, href);
    const size = a['file:size'];
    out.push({
      name: key,
      kind,
      guessed: true,
      key: href,
      size: typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : undefined,
      date: isoDate(a.updated) ?? isoDate(a.created) ?? date,
      open: kind === 'file' ? undefined : openUrl(href, kind),
      note: str(a.title),
    });
  }
  return out;
}

function linkEntries(doc: Json, base: string): Entry[] {
  const out: Entry[] = [];
  for (const l of links(doc)) {
    const rel = l.rel;
    if (rel !== 'child' && rel !== 'item') continue;
    const href0 = str(l.href);
    const href = href0 ? resolveHref(href0, base) : undefined;
    if (!href || href.startsWith('s3:')) continue;
    out.push({
      name: str(l.title) || lastName(href),
      kind: rel === 'child' ? 'catalog' : 'item',
      guessed: false,
      key: href,
      place: { kind: 'stac', url: href },
      note: sameOrigin(href, base) ? undefined : `on ${new URL(href).host}`,
    });
  }
  return out;
}

/** The entries of a STAC document fetched from `url`, with the URL of its next page (item collections). */
export function stacPage(doc: Json, url: string): ListPage & { readonly nextUrl?: string | undefined } {
  const base = selfHref(doc, url) ?? url;
  const title = str(doc.title) ?? str(doc.id);
  if (doc.type === 'FeatureCollection') {
    const entries: Entry[] = [];
    for (const f of Array.isArray(doc.features) ? doc.features.filter(isObject) : []) {
      const self = selfHref(f, url);
      const name = str(f.id) ?? (self ? lastName(self) : 'item');
      const date = isObject(f.properties) ? isoDate(f.properties.datetime) : undefined;
      entries.push({
        name,
        kind: 'item',
        guessed: false,
        key: self,
        date,
        place: self ? { kind: 'stac', url: self } : undefined,
        note: self ? undefined : 'no self link: not browsable',
      });
    }
    const next = links(doc).find((l) => l.rel === 'next' && (l.method === undefined || l.method === 'GET'));
    const nextHref = next ? str(next.href) : undefined;
    const nextUrl = nextHref ? resolveHref(nextHref, url) : undefined;
    return { entries, title, nextUrl: nextUrl && sameOrigin(nextUrl, url) ? nextUrl : undefined };
  }
  const date = isObject(doc.properties) ? isoDate(doc.properties.datetime) : undefined;
  return { entries: [...linkEntries(doc, base), ...assetEntries(doc, base, date)], title };
}
