/**
 * THREDDS catalogs (`catalog.xml`, InvCatalog 1.0/1.0.1/1.2, any namespace prefix) read as entries: nested
 * datasets (a container is an entry of kind `catalog`, addressed in the same document by its index path `0/3`),
 * `catalogRef`s (another catalog document: listed, never fetched here, so catalogs that refer to each other in a
 * cycle cost nothing), and datasets with their access — HTTPServer (read by range, as Zarrview reads files) first,
 * then OPeNDAP (listed, not read here) — their size (`dataSize`, decimal units as TDS writes them) and date.
 */
import { resolveHref, sameOrigin } from './fetch';
import { kindOfFileName } from './kind';
import type { Entry, ListPage } from './types';
import { childOf, childrenOf, parseXmlBounded, rootElement, type XmlNode } from './xml';

interface Service {
  readonly name: string;
  readonly type: string;
  readonly base: string;
  readonly children: readonly Service[];
}

function readService(el: XmlNode): Service {
  return {
    name: el.attrs.name ?? '',
    type: (el.attrs.serviceType ?? '').toLowerCase(),
    base: el.attrs.base ?? '',
    children: childrenOf(el, 'service').map(readService),
  };
}

const UNITS: Record<string, number> = { bytes: 1, kbytes: 1e3, mbytes: 1e6, gbytes: 1e9, tbytes: 1e12 };

function dataSize(el: XmlNode): number | undefined {
  const s = childOf(el, 'dataSize');
  if (!s) return undefined;
  const v = Number(s.text.trim()) * (UNITS[(s.attrs.units ?? 'bytes').toLowerCase()] ?? NaN);
  return Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;
}

function dateOf(el: XmlNode): string | undefined {
  const dates = [...childrenOf(el, 'date'), ...childrenOf(childOf(el, 'metadata') ?? el, 'date')];
  const d = dates.find((x) => (x.attrs.type ?? '') === 'modified') ?? dates[0];
  const t = d ? Date.parse(d.text.trim()) : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** The service name a dataset names itself or through its (inherited) metadata. */
function ownServiceName(el: XmlNode): string | undefined {
  if (el.attrs.serviceName) return el.attrs.serviceName;
  const direct = childOf(el, 'serviceName')?.text.trim();
  if (direct) return direct;
  for (const m of childrenOf(el, 'metadata')) {
    const s = childOf(m, 'serviceName')?.text.trim();
    if (s) return s;
  }
  return undefined;
}

function inheritedServiceName(el: XmlNode): string | undefined {
  for (const m of childrenOf(el, 'metadata')) {
    const s = childOf(m, 'serviceName')?.text.trim();
    if (s && m.attrs.inherited === 'true') return s;
  }
  return undefined;
}

interface Access {
  readonly url: string;
  readonly type: string;
}

/** The catalog's services by name, compound ones flattened. */
function serviceTable(services: readonly Service[]): Map<string, Service> {
  const table = new Map<string, Service>();
  const walk = (s: Service, depth: number) => {
    if (depth > 8) return;
    if (!table.has(s.name)) table.set(s.name, s);
    for (const c of s.children) walk(c, depth + 1);
  };
  for (const s of services) walk(s, 0);
  return table;
}

function endpoints(s: Service | undefined): Service[] {
  if (!s) return [];
  return s.type === 'compound' ? s.children.flatMap((c) => endpoints(c)) : [s];
}

/** The best access of a dataset: HTTPServer, else OPeNDAP, else the first. */
function accessOf(el: XmlNode, service: string | undefined, table: Map<string, Service>, base: string): Access[] {
  const found: Access[] = [];
  const add = (svcName: string | undefined, urlPath: string) => {
    for (const s of endpoints(svcName !== undefined ? table.get(svcName) : [...table.values()][0])) {
      const url = resolveHref(`${s.base}${urlPath}`, base);
      if (url) found.push({ url, type: s.type });
    }
  };
  for (const a of childrenOf(el, 'access')) if (a.attrs.urlPath) add(a.attrs.serviceName ?? service, a.attrs.urlPath);
  if (el.attrs.urlPath) add(service, el.attrs.urlPath);
  const rank = (t: string) => (t === 'httpserver' ? 0 : t === 'opendap' ? 1 : 2);
  return found.sort((a, b) => rank(a.type) - rank(b.type));
}

const isContainer = (el: XmlNode) => el.children.some((c) => c.name === 'dataset' || c.name === 'catalogRef');

export interface ThreddsDocument {
  readonly title: string | undefined;
  /** The entries of the dataset at `path` (`''` for the catalog's top level). */
  entries(path: string): Entry[] | undefined;
}

/** Parses a catalog document fetched from `url`. Throws `XmlLimitError` when it is not XML read here. */
export function parseThredds(xml: string, url: string): ThreddsDocument | undefined {
  const root = rootElement(parseXmlBounded(xml, { maxDepth: 48 }));
  if (!root || root.name !== 'catalog') return undefined;
  const table = serviceTable(childrenOf(root, 'service').map(readService));
  const entriesOf = (node: XmlNode, path: string, inherited: string | undefined): Entry[] => {
    const out: Entry[] = [];
    const passOn = inheritedServiceName(node) ?? inherited;
    node.children.forEach((c, i) => {
      const at = path ? `${path}/${i}` : String(i);
      if (c.name === 'catalogRef') {
        const href = c.attrs.href ? resolveHref(c.attrs.href, url) : undefined;
        if (!href) return;
        out.push({
          name: c.attrs.title || c.attrs.name || href,
          kind: 'catalog',
          guessed: false,
          key: href,
          place: { kind: 'thredds', url: href },
          note: sameOrigin(href, url) ? undefined : `on ${new URL(href).host}`,
        });
      } else if (c.name === 'dataset') {
        const name = c.attrs.name || c.attrs.ID || `dataset ${i}`;
        const access = accessOf(c, ownServiceName(c) ?? passOn, table, url);
        if (isContainer(c) && access.length === 0) {
          out.push({ name, kind: 'catalog', guessed: false, place: { kind: 'thredds', url, dataset: at } });
          return;
        }
        const best = access[0];
        const http = best && best.type === 'httpserver';
        out.push({
          name,
          kind: !best ? 'file' : http ? kindOfFileName(c.attrs.urlPath ?? name) : 'opendap',
          guessed: true,
          key: best?.url,
          size: dataSize(c),
          date: dateOf(c),
          open: http ? best.url : undefined,
          note: best && !http ? `${best.type} access only: not read here` : !best ? 'no access' : undefined,
        });
      }
    });
    return out;
  };
  return {
    title: root.attrs.name,
    entries(path) {
      let node = root;
      let inherited = inheritedServiceName(root);
      for (const part of path ? path.split('/') : []) {
        const next = node.children[Number(part)];
        if (!next || next.name !== 'dataset') return undefined;
        inherited = inheritedServiceName(node) ?? inherited;
        node = next;
      }
      const entries = entriesOf(node, path, inherited);
      // A catalog whose top level is one container dataset (a datasetScan, say) shows that dataset's entries.
      const only = entries.length === 1 ? entries[0]!.place : undefined;
      if (!path && only?.kind === 'thredds' && only.url === url && only.dataset) return this.entries(only.dataset);
      return entries;
    },
  };
}

/** The catalog entries of one place, as a page with its title. */
export function threddsPage(doc: ThreddsDocument, dataset: string | undefined): ListPage | undefined {
  const entries = doc.entries(dataset ?? '');
  return entries && { entries, title: doc.title };
}

/** `…/catalog.html` → `…/catalog.xml` (a TDS serves both). */
export function threddsXmlUrl(url: string): string {
  return url.replace(/\/catalog\.html(\?|#|$)/, '/catalog.xml$1');
}
