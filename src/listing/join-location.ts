/**
 * The location of a join of remote files, as a URL the viewer opens, lists in its recent datasets and puts in share
 * links: a glob (`s3://bucket/goes/2024/*\/*.nc`, `https://host/path/*.nc`) or a member list written as a brace set
 * in the last segment (`https://host/daily/{tas-a.nc,tas-b.nc}`), each with its netcdf-c fragment kept for the
 * members (`#mode=s3`) and an optional `join=DIM` entry in the fragment (the joined dimension asked for, as the
 * CLI's `--join`). Plain text only: no request is made here (glob.ts expands a glob through a listing).
 *
 * In a URL, `*`, `[…]` and `{a,b}` are glob characters within one path segment and `**` any number of folders; `?`
 * is not (it starts a URL's query). Names in a member list have `,`, `{` and `}` percent-encoded.
 *
 * @example
 * parseJoinLocation('s3://b/goes/*.nc#mode=s3&join=t') // { body: 's3://b/goes/*.nc', fragment: 'mode=s3', join: 't' }
 */

export interface JoinLocation {
  /** The pattern, without its fragment. */
  readonly body: string;
  /** The members' fragment (without `#` and without the `join` entry), undefined when there is none. */
  readonly fragment: string | undefined;
  /** The dimension (or scalar coordinate) asked to join along. */
  readonly join: string | undefined;
}

import { isJoinLocation, isPatternSegment, pathOf, SCHEME } from './join-pattern';

export { isJoinLocation, isPatternSegment };

/** Splits a join location into its pattern, the members' fragment and the join asked for. */
export function parseJoinLocation(text: string): JoinLocation {
  const hash = text.indexOf('#');
  const body = hash < 0 ? text : text.slice(0, hash);
  if (hash < 0) return { body, fragment: undefined, join: undefined };
  let join: string | undefined;
  const kept: string[] = [];
  for (const entry of text.slice(hash + 1).split('&')) {
    const m = /^join=(.*)$/i.exec(entry);
    if (m) join = decodeSafe(m[1] ?? '') || undefined;
    else if (entry !== '') kept.push(entry);
  }
  return { body, fragment: kept.length ? kept.join('&') : undefined, join };
}

/** Writes a join location back (the fragment's entries, then `join=DIM`). */
export function formatJoinLocation(loc: JoinLocation): string {
  const parts = [loc.fragment, loc.join !== undefined ? `join=${encodeURIComponent(loc.join)}` : undefined].filter(
    (p): p is string => p !== undefined && p !== '',
  );
  return parts.length ? `${loc.body}#${parts.join('&')}` : loc.body;
}

/** The same location with another join asked for (undefined: chosen from the members). */
export function withJoin(text: string, join: string | undefined): string {
  return formatJoinLocation({ ...parseJoinLocation(text), join });
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const braceName = (name: string) => name.replace(/[,{}]/g, (c) => encodeURIComponent(c));

/**
 * The member list of `urls` (one folder's files, each as its listing writes it) as one join location:
 * `folder/{a,b,c}`, with the first member's fragment. Undefined when they are not all in one folder.
 */
export function memberListLocation(urls: readonly string[], join?: string): string | undefined {
  if (urls.length === 0) return undefined;
  const bodies = urls.map((u) => (u.includes('#') ? u.slice(0, u.indexOf('#')) : u));
  const first = urls[0]!;
  const fragment = first.includes('#') ? first.slice(first.indexOf('#') + 1) : undefined;
  const folder = bodies[0]!.slice(0, bodies[0]!.lastIndexOf('/') + 1);
  if (!SCHEME.test(folder) || pathOf(folder) === '') return undefined;
  const names: string[] = [];
  for (const b of bodies) {
    const name = b.slice(folder.length);
    if (!b.startsWith(folder) || name === '' || name.includes('/') || /[?]/.test(name)) return undefined;
    names.push(braceName(name));
  }
  const body = `${folder}{${names.join(',')}}`;
  return formatJoinLocation({ body, fragment, join });
}

/** The pattern's fixed folder (up to the first segment with glob characters, ending in `/`) and the segments after it. */
export function splitPattern(body: string): { readonly base: string; readonly segments: readonly string[] } {
  const m = SCHEME.exec(body);
  const path = m ? (m[3] ?? '') : '';
  const head = m ? body.slice(0, m[1]!.length + 3 + m[2]!.length) : '';
  const segs = path.split('/').slice(1);
  const first = segs.findIndex(isPatternSegment);
  const fixed = first < 0 ? segs.slice(0, -1) : segs.slice(0, first);
  const rest = first < 0 ? segs.slice(-1) : segs.slice(first);
  return { base: `${head}/${fixed.map((s) => `${s}/`).join('')}`, segments: rest };
}

/** A name for the join (ncdump's `netcdf NAME`): the fixed folder's last segment (`…/mixed/*.nc` → `mixed`). */
export function joinName(body: string): string {
  const { base } = splitPattern(body);
  const segs = pathOf(base).split('/').filter(Boolean);
  return decodeSafe(segs[segs.length - 1] ?? '') || 'joined';
}
