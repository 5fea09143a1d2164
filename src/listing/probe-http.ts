/** Probing an entry over plain HTTP: a folder by its index page, a file by its first 8 bytes (one Range request). */
import { HttpError } from '../errors';
import { fetchFailure } from '../store/http-errors';
import type { FetchLike } from '../store/http-store';
import { isNczarrText, kindOfFolderListing } from './kind';
import type { Entry } from './types';

interface ProbeOptions {
  readonly fetch?: FetchLike | undefined;
  readonly signal?: AbortSignal | undefined;
  /** A folder's index entries (the first ones of a long index); undefined when it has no index page. */
  readonly index: (base: string) => Promise<Entry[] | undefined>;
}

async function firstBytes(url: string, n: number, o: ProbeOptions): Promise<Uint8Array | undefined> {
  const doFetch: FetchLike = o.fetch ?? ((u, init) => globalThis.fetch(u, init));
  let res: Response;
  try {
    res = await doFetch(url, { headers: { Range: `bytes=0-${n - 1}` }, credentials: 'omit', signal: o.signal });
  } catch (e) {
    throw fetchFailure(e, url, url, o.signal);
  }
  if (!res.ok) return undefined;
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(await res.arrayBuffer()).slice(0, n);
  const out = new Uint8Array(n);
  let at = 0;
  while (at < n) {
    const part = await reader.read();
    if (part.done) break;
    const take = part.value.subarray(0, n - at);
    out.set(take, at);
    at += take.byteLength;
  }
  void reader.cancel().catch(() => undefined);
  return out.subarray(0, at);
}

/** A file's first 8 bytes (one Range request, no credentials); an `HttpError` when the server refuses them. */
export async function fileFirstBytes(url: string, o: Omit<ProbeOptions, 'index'>): Promise<Uint8Array> {
  const doFetch: FetchLike = o.fetch ?? ((u, init) => globalThis.fetch(u, init));
  let res: Response;
  try {
    res = await doFetch(url, { headers: { Range: 'bytes=0-7' }, credentials: 'omit', signal: o.signal });
  } catch (e) {
    throw fetchFailure(e, url, url, o.signal);
  }
  if (!res.ok) {
    void res.body?.cancel().catch(() => undefined);
    throw new HttpError('http', res.status, `the server answered ${res.status}`, { key: url });
  }
  return new Uint8Array(await res.arrayBuffer()).slice(0, 8);
}

/** The kind an HTTP folder turns out to be; undefined when nothing is learnt. */
export async function probeHttp(entry: Entry, o: ProbeOptions): Promise<Entry['kind'] | undefined> {
  const url = entry.key!;
  const base = url.replace(/\/?$/, '/');
  const entries = await o.index(base);
  if (!entries) return undefined;
  const kind = kindOfFolderListing(
    entries.filter((e) => !e.place).map((e) => e.name),
    entries.filter((e) => e.place).map((e) => e.name),
  );
  if (kind !== 'zarr' && kind !== 'folder') return kind;
  // Index pages often hide dot files (nginx does): look for the root metadata objects themselves.
  let zarr = kind === 'zarr';
  for (const doc of ['zarr.json', '.zattrs', '.zgroup']) {
    const bytes = await firstBytes(`${base}${doc}`, 65536, o);
    const text = bytes ? new TextDecoder().decode(bytes) : '';
    if (!text.trimStart().startsWith('{')) continue;
    if (isNczarrText(text)) return 'nczarr';
    zarr = true;
  }
  return zarr ? 'zarr' : 'folder';
}
