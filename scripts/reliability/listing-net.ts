/**
 * The fake network of the listing fuzzer and the one exercise every case runs: resolve the place, list three
 * pages, probe the first entries, walk it (bounded), and check what came out (typed errors only, bounded pages)
 * and where requests went (never to another host, never with credentials outside S3).
 */
import { isZarrviewError } from '../../src/errors';
import { createLister } from '../../src/listing/place';
import type { Entry, Place } from '../../src/listing/types';
import { walk } from '../../src/listing/walk';
import type { FetchLike } from '../../src/store/http-store';
import { describeError } from './cases';

export interface Answer {
  readonly body: string | Uint8Array | ReadableStream<Uint8Array>;
  readonly contentType?: string;
  readonly status?: number;
}

export interface Request {
  readonly url: string;
  readonly credentials: RequestCredentials | undefined;
  readonly auth: boolean;
}

/** A fetch answering from `route` (404 when it answers nothing), recording every request. */
export function fakeNet(route: (url: string) => Answer | undefined) {
  const seen: Request[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init.headers);
    seen.push({
      url,
      credentials: init.credentials,
      auth: headers.has('authorization') || [...headers.keys()].some((k) => k.startsWith('x-amz-')),
    });
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const a = route(url);
    if (!a) return new Response('not here', { status: 404 });
    const res = new Response(a.body as BodyInit, {
      status: a.status ?? 200,
      headers: a.contentType ? { 'content-type': a.contentType } : {},
    });
    Object.defineProperty(res, 'url', { value: url });
    return res;
  };
  return { fetch, seen };
}

/** Credentials configured as a user would have them: they may go to AWS S3 and nowhere else. */
export const CREDS = { accessKeyId: 'AKIDFUZZSECRET', secretAccessKey: 'fuzz-secret', region: 'us-east-1' };

const KINDS = new Set<Entry['kind']>([
  ...(['folder', 'catalog', 'item', 'zarr', 'nczarr', 'icechunk', 'refs', 'netcdf'] as const),
  ...(['netcdf3', 'netcdf4', 'zip', 'opendap', 'file'] as const),
]);

function entryProblems(e: Entry): string[] {
  const out: string[] = [];
  if (typeof e.name !== 'string') out.push(`an entry without a name: ${JSON.stringify(e).slice(0, 200)}`);
  if (!KINDS.has(e.kind)) out.push(`an entry of unknown kind ${String(e.kind)}`);
  if (e.size !== undefined && !(Number.isFinite(e.size) && e.size >= 0)) out.push(`a size ${e.size}`);
  if (e.date !== undefined && Number.isNaN(Date.parse(e.date))) out.push(`a date ${e.date}`);
  for (const u of [e.open, e.place?.url])
    if (u !== undefined && !/^(https?|s3):/i.test(u))
      out.push(`an address that is no http(s)/s3 URL: ${u.slice(0, 80)}`);
  return out;
}

/** Hosts a request may go to: the documents' host, and for S3 places the AWS endpoints. */
function requestProblems(seen: readonly Request[], hosts: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of seen) {
    let host: string;
    try {
      host = new URL(r.url).hostname;
    } catch {
      out.push(`a request to a URL that does not parse: ${r.url.slice(0, 80)}`);
      continue;
    }
    const aws = host.endsWith('.amazonaws.com');
    if (!hosts.includes(host) && !(aws && hosts.includes('s3')))
      out.push(`a request to another host: ${r.url.slice(0, 120)}`);
    if (!aws && (r.credentials !== 'omit' || r.auth))
      out.push(`credentials (${r.credentials}, signed ${r.auth}) sent to ${r.url.slice(0, 120)}`);
  }
  return out;
}

export interface Exercise {
  readonly problems: string[];
  readonly entries: Entry[];
  readonly error?: unknown;
  readonly seen: readonly Request[];
}

/** Resolves `url`, lists three pages, probes three entries of each, walks (bounded); returns what went wrong. */
export async function exercise(
  url: string,
  net: ReturnType<typeof fakeNet>,
  options: { hosts: readonly string[]; signal?: AbortSignal; walk?: boolean; pageSize?: number },
): Promise<Exercise> {
  const problems: string[] = [];
  const entries: Entry[] = [];
  const pageSize = options.pageSize ?? 200;
  const { signal } = options;
  const lister = createLister({ fetch: net.fetch, credentials: CREDS });
  let error: unknown;
  try {
    const place: Place = await lister.resolve(url, signal);
    let cursor: string | undefined;
    for (let p = 0; p < 3; p++) {
      const page = await lister.list(place, { cursor, pageSize, signal });
      // A document is served in pages of `pageSize`; an S3 page is the server's, bounded by the 16 MiB page cap.
      const bound = place.kind === 's3' ? 500_000 : pageSize;
      if (!Array.isArray(page.entries) || page.entries.length > bound)
        problems.push(`a page of ${page.entries?.length} entries (bound ${bound})`);
      for (const e of page.entries) problems.push(...entryProblems(e));
      entries.push(...page.entries);
      for (const e of page.entries.slice(0, 3)) problems.push(...entryProblems(await lister.probe(e, place, signal)));
      cursor = page.next;
      if (!cursor) break;
    }
    if (options.walk !== false) {
      const w = walk(lister, place, { limit: 300, maxDepth: 4, signal });
      for await (const x of w.entries) problems.push(...entryProblems(x.entry));
    }
  } catch (e) {
    error = e;
    if (!isZarrviewError(e)) problems.push(`untyped: ${describeError(e)}`);
    else if (!e.message || /undefined|\[object /.test(e.message))
      problems.push(`a message unfit to show: ${e.message}`);
  }
  problems.push(...requestProblems(net.seen, options.hosts));
  return { problems, entries, error, seen: net.seen };
}
