/**
 * Breadcrumbs of a place: the folders above an S3 prefix, an HTTP folder or a dropped folder's sub-folder (from the
 * dropped folder's name); the catalog itself for documents.
 */
import { parseLocation, type Place } from '../core';
import { localPath } from './local-places';

export interface Crumb {
  readonly label: string;
  readonly place: Place;
}

export function crumbsOf(place: Place): Crumb[] {
  if (place.kind === 'local') {
    const { name, base, parts } = localPath(place);
    return [
      { label: name, place: { kind: 'local', url: base } },
      ...parts.map((p, i) => ({
        label: p,
        place: { kind: 'local', url: `${base}${parts.slice(0, i + 1).join('/')}/` } as Place,
      })),
    ];
  }
  if (place.kind === 'thredds' || place.kind === 'stac') {
    const name = place.url
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean)
      .slice(-2)
      .join('/');
    const top: Crumb = { label: name, place: { kind: place.kind, url: place.url } };
    return place.kind === 'thredds' && place.dataset ? [top, { label: place.dataset, place }] : [top];
  }
  const hash = place.url.indexOf('#');
  const body = hash < 0 ? place.url : place.url.slice(0, hash);
  const frag = hash < 0 ? '' : place.url.slice(hash);
  const m = /^([a-z0-9+.-]+:\/\/[^/]*)(\/.*)?$/i.exec(body);
  if (!m) return [{ label: place.url, place }];
  let root = m[1]!;
  let rest = (m[2] ?? '/').replace(/^\//, '');
  // Path-style S3 and aliases: the bucket is part of the root.
  const loc = parseLocation(place.url);
  if (loc.s3 && loc.style !== 's3' && loc.style !== 'virtual-host') {
    const [bucket, ...tail] = rest.split('/');
    root = `${root}/${bucket}`;
    rest = tail.join('/');
  }
  const parts = rest.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: root, place: { kind: place.kind, url: `${root}/${frag}` } }];
  parts.forEach((p, i) => {
    let label = p;
    try {
      label = decodeURIComponent(p);
    } catch {
      // shown as written
    }
    crumbs.push({ label, place: { kind: place.kind, url: `${root}/${parts.slice(0, i + 1).join('/')}/${frag}` } });
  });
  return crumbs;
}
