/**
 * Whether a join's member names a file read in place (netCDF-3, netCDF-4/HDF5): its own name, or the glob's pattern
 * it matched, ends in one of their extensions. Such a member is opened as a file at once (`readOrFile`'s
 * `fileFirst`): its header by a byte range, no Zarr document looked for under its URL.
 *
 * @example namesFile('https://h/agg/day-001.nc', 'https://h/agg/*.nc'); // true
 */
import { kindOfFileName } from '../listing/kind';
import type { ModeFlags } from '../url/fragment';

/** Whether a path ends as a netCDF/HDF5 file's name does (the listing's own rule, `kindOfFileName`). */
const isFileName = (path: string) => kindOfFileName(path) === 'netcdf';

/** The path of a location: no fragment, no query, no trailing slash. */
function pathPart(location: string): string {
  return location.replace(/#.*$/s, '').replace(/\?.*$/s, '').replace(/\/+$/, '');
}

/** Whether `member` (of the glob `pattern`, when given) names a file; a fragment saying Zarr (`#mode=zarr`) does not. */
export function namesFile(member: string, pattern: string | undefined, mode: ModeFlags): boolean {
  if (mode.zarr || mode.nczarr || mode.xarray || mode.zarrFormat !== undefined) return false;
  return isFileName(pathPart(member)) || (pattern !== undefined && isFileName(pathPart(pattern)));
}
