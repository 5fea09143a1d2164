/**
 * A join location (join-location.ts) expanded into its members through a listing: the fixed folder is listed, each
 * pattern segment matched against the names there (S3: the segment's literal start sent as the listing's prefix,
 * so a day's folder is listed, not the bucket), folders descended into, and the matching datasets' URLs returned
 * sorted, each with the pattern's fragment. Bounded: at most `maxMembers` members and `maxPages` listing pages, past
 * which a `UsageError` asks for a narrower pattern. A member list (`folder/{a,b}`) needs no listing.
 *
 * @example
 * const { members, join } = await expandJoinLocation(createLister({}), 's3://b/goes/2024/001/*\/*.nc#join=t');
 */
import { AbortedError, UsageError } from '../errors';
import { parseJoinLocation, splitPattern } from './join-location';
import type { Lister } from './place';
import { isPlaceEntry, type Entry, type Place } from './types';

export interface ExpandOptions {
  readonly signal?: AbortSignal | undefined;
  /** Members at most (default 10 000). */
  readonly maxMembers?: number | undefined;
  /** Listing pages read at most (default 500). */
  readonly maxPages?: number | undefined;
}

export interface Expanded {
  /** The members' URLs, sorted, each with the pattern's fragment. */
  readonly members: readonly string[];
  readonly join: string | undefined;
  /** Listing pages read. */
  readonly pages: number;
}

/** `{a,b}c*` → its alternatives without braces (`ac*`, `bc*`); one level, no nesting. */
export function braceAlternatives(segment: string): string[] {
  const open = segment.indexOf('{');
  const close = open < 0 ? -1 : segment.indexOf('}', open);
  if (open < 0 || close < 0) return [segment];
  const head = segment.slice(0, open);
  const tail = segment.slice(close + 1);
  return segment
    .slice(open + 1, close)
    .split(',')
    .flatMap((alt) => braceAlternatives(`${head}${alt}${tail}`));
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A segment (`*`, `[a-z]`, `[!x]`, `{a,b}`; percent-escapes decoded) as a regular expression over one name. */
export function segmentPattern(segment: string): RegExp {
  const alternatives = braceAlternatives(segment).map((alt) => {
    let out = '';
    for (let i = 0; i < alt.length; i++) {
      const c = alt[i]!;
      if (c === '*') out += '[^/]*';
      else if (c === '[' && alt.indexOf(']', i + 2) > 0) {
        const end = alt.indexOf(']', i + 2);
        let body = alt.slice(i + 1, end);
        const negate = body.startsWith('!') || body.startsWith('^');
        if (negate) body = body.slice(1);
        out += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, (x) => `\\${x}`)}]`;
        i = end;
      } else {
        let j = i;
        while (j < alt.length && alt[j] !== '*' && alt[j] !== '[') j++;
        out += decodeSafe(alt.slice(i, j)).replace(/[.*+?^${}()|[\]\\/]/g, (x) => `\\${x}`);
        i = j - 1;
      }
    }
    return out;
  });
  return new RegExp(`^(?:${alternatives.join('|')})$`, 'u');
}

/** The literal start every name a segment matches has (the S3 listing prefix); '' when there is none. */
export function literalStart(segment: string): string {
  const alts = braceAlternatives(segment).map((a) => decodeSafe(a.slice(0, a.search(/[*[]|$/))));
  let common = alts[0] ?? '';
  for (const a of alts) while (!a.startsWith(common)) common = common.slice(0, -1);
  return common;
}

/** `https://h/a.nc#mode=s3` with the pattern's fragment instead of its own (kept when the pattern has none). */
function withFragment(url: string, fragment: string | undefined): string {
  if (fragment === undefined) return url;
  const body = url.includes('#') ? url.slice(0, url.indexOf('#')) : url;
  return `${body}#${fragment}`;
}

const nameOf = (e: Entry) => e.name.replace(/\/+$/, '');

/** Expands a join location into its members (see the module's comment). */
export async function expandJoinLocation(
  lister: Lister,
  location: string,
  options: ExpandOptions = {},
): Promise<Expanded> {
  const { body, fragment, join } = parseJoinLocation(location);
  const { base, segments } = splitPattern(body);
  const maxMembers = options.maxMembers ?? 10_000;
  const maxPages = options.maxPages ?? 500;
  const last = segments[segments.length - 1] ?? '';
  // A member list in one folder: the names are the members.
  if (segments.length === 1 && !/[*[]/.test(last)) {
    const members = braceAlternatives(last)
      .filter((n) => n !== '')
      .map((n) => withFragment(`${base}${n}`, fragment));
    if (members.length > maxMembers) throw tooMany(location, maxMembers);
    return { members, join, pages: 0 };
  }
  const signal = options.signal;
  let pages = 0;
  const found = new Set<string>();
  const listAll = async (place: Place, prefixFilter: string): Promise<Entry[]> => {
    const out: Entry[] = [];
    let cursor: string | undefined;
    do {
      if (signal?.aborted) throw new AbortedError();
      if (++pages > maxPages)
        throw new UsageError(
          `${location} needs more than ${maxPages} listing pages to expand: narrow the pattern (a day's folder, not the bucket).`,
          { key: location },
        );
      const page = await lister.list(place, { cursor, prefixFilter: prefixFilter || undefined, signal });
      out.push(...page.entries);
      cursor = page.next;
    } while (cursor);
    return out;
  };
  const walk = async (place: Place, i: number): Promise<void> => {
    const seg = segments[i]!;
    const isLast = i === segments.length - 1;
    if (seg === '**' && !isLast) {
      await walk(place, i + 1);
      for (const e of await listAll(place, '')) if (e.place && !nameOf(e).startsWith('.')) await walk(e.place, i);
      return;
    }
    const re = segmentPattern(seg);
    const s3 = place.kind === 's3';
    const entries = await listAll(place, s3 ? literalStart(seg) : '');
    for (const e of entries) {
      const name = nameOf(e);
      if (!re.test(name) || (name.startsWith('.') && !seg.startsWith('.'))) continue;
      if (isLast) {
        if (e.open && !isPlaceEntry(e)) found.add(withFragment(e.open, fragment));
        if (found.size > maxMembers) throw tooMany(location, maxMembers);
      } else if (e.place) await walk(e.place, i + 1);
    }
  };
  const root = await lister.resolve(fragment === undefined ? base : `${base}#${fragment}`, signal);
  await walk(root, 0);
  const members = [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { members, join, pages };
}

function tooMany(location: string, max: number): UsageError {
  return new UsageError(`${location} matches more than ${max} files: narrow the pattern.`, { key: location });
}
