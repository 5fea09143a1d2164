/**
 * Where a fragment file named by a CFA master is, and whether the master may name it. An aggregation can name any
 * host, so the rule is about schemes: a remote master (http(s), s3) reaches only http(s) and s3 targets, relative
 * names resolved against its own URL; never `file:` URLs or local paths. A local master (the CLI) may also name
 * local paths and `file:` URLs. A master with no location (a dropped single file) reaches nothing.
 *
 * @example resolveFragment('frag/a.nc', { kind: 'remote', url: 'https://h/d/m.nca' }) // { target: 'https://h/d/frag/a.nc' }
 */

/** Where the master was opened from. */
export type MasterLocation =
  | { readonly kind: 'remote'; readonly url: string }
  | { readonly kind: 'local'; readonly path: string }
  | { readonly kind: 'isolated'; readonly name: string };

export type Resolved =
  | { readonly ok: true; readonly target: string; readonly remote: boolean }
  | { readonly ok: false; readonly why: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const WINDOWS_PATH = /^([A-Za-z]:[\\/]|\\\\)/;
const REMOTE_SCHEMES = new Set(['http', 'https', 's3']);

/** The folder part of a local path, with its trailing separator (`''` for a bare name). */
function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '' : path.slice(0, cut + 1);
}

function remoteUrl(url: URL): Resolved {
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!REMOTE_SCHEMES.has(scheme)) return { ok: false, why: `a ${scheme}: target is not read (only http(s) and s3)` };
  url.hash = '';
  return { ok: true, target: url.href, remote: true };
}

/**
 * The target of fragment file `name` (with the aggregation's `base` prefix, if any) for a master at `master`.
 */
export function resolveFragment(name: string, master: MasterLocation, base = ''): Resolved {
  const ref = base && !SCHEME.test(name) && !name.startsWith('/') ? `${base.replace(/\/+$/, '')}/${name}` : name;
  if (ref.trim() === '' || ref.includes('\0')) return { ok: false, why: 'the fragment has no file name' };
  const scheme = WINDOWS_PATH.test(ref) ? undefined : SCHEME.exec(ref)?.[1]?.toLowerCase();
  const absolutePath = scheme === undefined && (ref.startsWith('/') || WINDOWS_PATH.test(ref));
  if (master.kind === 'isolated')
    return { ok: false, why: `${master.name} was opened alone: open its folder or its URL to reach its fragments` };
  if (master.kind === 'remote') {
    if (scheme === 'file' || absolutePath || ref.includes('\\'))
      return { ok: false, why: 'a remote master may not name local files' };
    if (scheme !== undefined && !REMOTE_SCHEMES.has(scheme))
      return { ok: false, why: `a ${scheme}: target is not read (only http(s) and s3)` };
    try {
      return remoteUrl(new URL(ref, master.url));
    } catch {
      return { ok: false, why: 'the fragment name is not a URL' };
    }
  }
  // A local master: local paths, file: URLs, and remote targets.
  if (scheme === 'file') {
    try {
      return { ok: true, target: decodeURIComponent(new URL(ref).pathname), remote: false };
    } catch {
      return { ok: false, why: 'the fragment name is not a file URL' };
    }
  }
  if (scheme !== undefined) {
    if (!REMOTE_SCHEMES.has(scheme)) return { ok: false, why: `a ${scheme}: target is not read (only http(s) and s3)` };
    try {
      return remoteUrl(new URL(ref));
    } catch {
      return { ok: false, why: 'the fragment name is not a URL' };
    }
  }
  return { ok: true, target: absolutePath ? ref : folderOf(master.path) + ref, remote: false };
}
