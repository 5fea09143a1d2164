/**
 * Where a reference's bytes may come from. A reference set can name any host, so its target URLs pass one
 * rule before anything is requested: `http(s)://` and `s3://` targets are read; a relative URL resolves
 * against the reference document's own URL (`data.nc` beside `https://host/refs.json`); `file:` URLs and
 * local paths are read only when the document itself is a local file (the CLI); every other scheme (`gs://`,
 * `memory://`, …) is refused. A refusal is a typed error naming the Zarr key: only that key fails.
 *
 * @example
 * resolveTarget('data.nc', { kind: 'remote', url: 'https://host/dir/refs.json' }, 'temp/0.0')
 * // { kind: 'http', url: 'https://host/dir/data.nc' }
 */
import { UnsupportedError, UrlError, type ZarrviewError } from '../../errors';

/** Where the reference document was read from. */
export type DocumentBase =
  /** An `http(s)://` or `s3://` URL. */
  | { readonly kind: 'remote'; readonly url: string }
  /** A local path (CLI): local targets are allowed. */
  | { readonly kind: 'local'; readonly path: string }
  /** A dropped file: no place to resolve relative targets against. */
  | { readonly kind: 'none'; readonly name: string };

/** A target that passed the rule: an absolute `http(s)://` or `s3://` URL, or a local path. */
export interface Target {
  readonly kind: 'http' | 's3' | 'local';
  readonly url: string;
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** `a/b/../c` → `a/c` (POSIX, browser-safe). */
function normalizePath(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(seg);
  }
  return (abs ? '/' : '') + out.join('/');
}

function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : p.slice(0, i);
}

function fromUrl(url: string, key: string): Target | ZarrviewError {
  let u: URL;
  try {
    u = new URL(url);
  } catch (e) {
    return new UrlError(`The reference of "${key}" names "${url}", which is not a URL.`, key, e);
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'http' || scheme === 'https') return { kind: 'http', url: u.href };
  if (scheme === 's3') {
    if (!u.host) return new UrlError(`The reference of "${key}" names "${url}", which has no bucket.`, key);
    return { kind: 's3', url };
  }
  return new UnsupportedError(
    `The reference of "${key}" points to a ${scheme}: URL (${url}); only http(s):// and s3:// targets are read.`,
    { key },
  );
}

/**
 * The target of `url` (as a reference of `key` in a document read from `base` names it), or the error that
 * refuses it. Never throws.
 */
export function resolveTarget(url: string, base: DocumentBase, key: string): Target | ZarrviewError {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  // A Windows drive letter (`C:\…`) is a local path, not a scheme.
  const local = scheme === undefined || /^[a-zA-Z]:[\\/]/.test(url);
  if (!local) {
    if (scheme === 'file') {
      if (base.kind !== 'local')
        return new UrlError(
          `The reference of "${key}" points to a local file (${url}); a reference set that is not itself a local file may only name http(s):// and s3:// targets.`,
          key,
        );
      let path: string;
      try {
        path = decodeURIComponent(new URL(url).pathname);
      } catch (e) {
        return new UrlError(`The reference of "${key}" names "${url}", which is not a URL.`, key, e);
      }
      return { kind: 'local', url: path };
    }
    return fromUrl(url, key);
  }
  if (url === '') return new UrlError(`The reference of "${key}" has an empty URL.`, key);
  const absolute = url.startsWith('/') || url.startsWith('~') || /^[a-zA-Z]:[\\/]/.test(url) || url.startsWith('\\');
  switch (base.kind) {
    case 'local':
      return { kind: 'local', url: absolute ? url : normalizePath(`${dirname(base.path)}/${url}`) };
    case 'remote': {
      if (absolute)
        return new UrlError(
          `The reference of "${key}" points to the local path ${url}; a reference set read from ${base.url} may only name http(s):// and s3:// targets, or paths relative to itself.`,
          key,
        );
      let resolved: string;
      try {
        resolved = new URL(url, base.url).href;
      } catch (e) {
        return new UrlError(
          `The reference of "${key}" names "${url}", which cannot be resolved against ${base.url}.`,
          key,
          e,
        );
      }
      return fromUrl(resolved, key);
    }
    case 'none':
      return new UrlError(
        `The reference of "${key}" names "${url}" relative to the reference file ${base.name}, which was dropped here without its location: open the reference file by its URL (or path, with zarrview dump) instead.`,
        key,
      );
  }
}

/** A target's host as the Overview and Report list it: `host:port`, `s3://bucket` (or endpoint alias), `local files`. */
export function targetHost(t: Target): string {
  return t.kind === 'local' ? 'local files' : t.kind === 's3' ? `s3://${new URL(t.url).host}` : new URL(t.url).host;
}
