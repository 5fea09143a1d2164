/**
 * Where metadata objects come from: the store (one GET per object, listing through `store.list`), or a
 * consolidated document (`.zmetadata`, v3 `consolidated_metadata`) that answers from memory.
 */
import type { AbsolutePath } from '@zarrita/storage';
import { AbortedError, MetadataError } from '../errors';
import { HtmlAnswerError, looksLikeHtml } from '../store/html';
import type { Store } from '../store/types';
import { decodeEscaped } from '../text/utf8';
import { type Json, type JsonObject, isObject, parseJson } from './json';

export interface MetaSource {
  /** The parsed JSON object at `key` (relative, e.g. `grp/.zarray`), undefined when missing. */
  get(key: string): Promise<Json | undefined>;
  /**
   * One level of `prefix` (relative, '' for root): its sub-folder names and its object names, undefined when the
   * source cannot list.
   */
  list(prefix: string): Promise<{ readonly folders: string[]; readonly files: string[] } | undefined>;
  /** Whether answers come from a consolidated document. */
  readonly consolidated: boolean;
  /** Keys the store answered with a web page (HTML) instead of JSON; read as absent. */
  readonly htmlKeys?: ReadonlySet<string> | undefined;
}

/**
 * A source reading each object from the store. A key answered with an HTML page (a site's fallback page, by
 * Content-Type or by a body starting with `<`) is absent, and recorded in `htmlKeys` (shared when given).
 */
export function storeSource(store: Store, signal?: AbortSignal, htmlKeys: Set<string> = new Set()): MetaSource {
  return {
    consolidated: false,
    htmlKeys,
    async get(key) {
      if (signal?.aborted) throw new AbortedError({ key });
      let bytes: Uint8Array | undefined;
      try {
        bytes = await store.get(`/${key}` as AbsolutePath, signal ? { signal } : undefined);
      } catch (e) {
        if (!(e instanceof HtmlAnswerError)) throw e;
        htmlKeys.add(key);
        return undefined;
      }
      if (bytes === undefined) return undefined;
      if (looksLikeHtml(bytes)) {
        htmlKeys.add(key);
        return undefined;
      }
      return parseJson(decodeEscaped(bytes), key);
    },
    async list(prefix) {
      if (!store.list) return undefined;
      const listing = await store.list(
        (prefix === '' ? '/' : `/${prefix}/`) as AbsolutePath,
        signal ? { signal } : undefined,
      );
      return { folders: [...listing.folders], files: [...listing.files] };
    },
  };
}

/** A source answering from a consolidated map `{ "a/b/.zarray": {...} }` or v3 `{ "a/b": {...} }`. */
export function mapSource(entries: JsonObject, v3: boolean, fallback?: MetaSource): MetaSource {
  const keys = Object.keys(entries);
  return {
    consolidated: true,
    htmlKeys: fallback?.htmlKeys,
    async get(key) {
      if (key in entries) return entries[key];
      // v3 consolidated metadata maps node paths to their zarr.json documents.
      if (v3 && key.endsWith('zarr.json')) {
        const node = key === 'zarr.json' ? '' : key.slice(0, -'/zarr.json'.length);
        if (node in entries) return entries[node];
      }
      return fallback ? fallback.get(key) : undefined;
    },
    async list(prefix) {
      const base = prefix === '' ? '' : `${prefix}/`;
      const folders = new Set<string>();
      const files: string[] = [];
      for (const k of keys) {
        if (!k.startsWith(base)) continue;
        const rest = k.slice(base.length);
        const slash = rest.indexOf('/');
        if (slash > 0) folders.add(rest.slice(0, slash));
        else if (v3 && rest !== '') folders.add(rest);
        else if (slash < 0 && rest !== '') files.push(rest);
      }
      return { folders: [...folders], files };
    },
  };
}

/** Reads `key` expecting a JSON object; a non-object is a `MetadataError`. */
export async function getObject(src: MetaSource, key: string): Promise<JsonObject | undefined> {
  const v = await src.get(key);
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new MetadataError('expected a JSON object.', { key });
  return v;
}
