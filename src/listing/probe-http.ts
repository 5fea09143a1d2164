/** Probing an entry over plain HTTP: a folder by its index page, a file by its first 8 bytes (one Range request). */
import { fetchFailure } from '../store/http-errors';
import type { FetchLike } from '../store/http-store';
import { fetchDocument } from './fetch';
import { parseIndexPage } from './html-index';
import { isNczarrText, kindOfBytes, kindOfFolderListing } from './kind';
import type { Entry } from './types';

interface ProbeOptions {
  readonly fetch?: FetchLike | undefined;
  readonly signal?: AbortSignal | undefined;
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

/** The kind an HTTP entry turns out to be; undefined when nothing is learnt. */
export async function probeHttp(entry: Entry, o: ProbeOptions): Promise<Entry['kind'] | undefined> {
  const url = entry.key!;
  if (!entry.place) {
    const bytes = await firstBytes(url, 8, o);
    return bytes ? kindOfBytes(bytes) : undefined;
  }
  const base = url.replace(/\/?$/, '/');
  const answer = await fetchDocument(base, { fetch: o.fetch, signal: o.signal, maxBytes: 4 * 1024 * 1024 });
  if (answer.status >= 400) return undefined;
  const entries = parseIndexPage(answer.text, base);
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
