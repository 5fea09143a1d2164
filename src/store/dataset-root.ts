/** Finds where a Zarr dataset starts among a set of file paths (zips, dropped folders). */

const METADATA = ['.zgroup', '.zarray', '.zattrs', '.zmetadata', 'zarr.json', '.nczgroup', '.nczarray', '.nczarr'];

/**
 * The dataset root among relative paths: `''` when metadata is at the top, else the shallowest folder holding
 * Zarr metadata, ending in `/` (netcdf-c zips: the file stem, preferred when several qualify).
 * `undefined` when no path is Zarr metadata.
 *
 * @example findDatasetRoot(['tst/.zgroup', 'tst/v/.zarray']) // 'tst/'
 */
export function findDatasetRoot(paths: Iterable<string>, stem?: string): string | undefined {
  const roots = new Set<string>();
  for (const p of paths) {
    const slash = p.lastIndexOf('/');
    if (METADATA.includes(p.slice(slash + 1))) roots.add(p.slice(0, slash + 1));
  }
  if (roots.size === 0) return undefined;
  const depth = (r: string) => r.split('/').length;
  const min = Math.min(...[...roots].map(depth));
  const shallow = [...roots].filter((r) => depth(r) === min).sort();
  return shallow.find((r) => r === `${stem}/`) ?? shallow[0];
}

/** One level of a listing computed from a flat set of paths under `base` (`''` or ending in `/`). */
export function listPaths(paths: Iterable<string>, base: string): { files: string[]; folders: string[] } {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith(base) || p === base) continue;
    const rest = p.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.add(rest);
    else folders.add(rest.slice(0, slash));
  }
  return { files: [...files].sort(), folders: [...folders].sort() };
}

/** `/a/b/` → `a/b/`, `/` → `''`: a listing prefix as a relative base. */
export function prefixBase(prefix: string): string {
  const p = prefix.replace(/^\/+/, '');
  return p === '' ? '' : p.replace(/\/?$/, '/');
}
