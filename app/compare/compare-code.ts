/**
 * The xarray equivalent of a comparison: A's slice, B's slice at the indices linked to A's (the link in a
 * comment; `sel(method="nearest")` where the calendars agree would pick the same), B in A's units, B on A's grid
 * (`interp`, with A's longitudes moved into B's range, or a rename when the grids match) and the subtraction.
 */
import type { DimSelection } from '../core';
import type { RegridChoice } from '../state/compare-settings';
import { xarrayEngine } from '../core-compare';
import type { PairSlices } from './compare-read';

/** A Python string literal. */
const py = (s: string) => JSON.stringify(s);

/** `.isel(time=1)` for the indexed dimensions ('' when none). */
function isel(dims: readonly string[], sel: readonly (DimSelection | undefined)[]): string {
  const parts = dims.flatMap((d, i) => (typeof sel[i] === 'number' ? [`${py(d)}: ${sel[i]}`] : []));
  return parts.length ? `.isel({${parts.join(', ')}})` : '';
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const store = (url: string) => url.split('#')[0] ?? url;

export interface CodeInput {
  readonly urlA: string;
  readonly urlB: string;
  readonly varA: string;
  readonly varB: string;
  readonly selA: readonly (number | null)[];
  readonly pair: PairSlices;
  readonly method: RegridChoice;
  /** The grids match (no regridding). */
  readonly sameGrid: boolean;
  /** A's and B's `Dataset.format` when each is a file read in place (absent for a Zarr store). */
  readonly formatA?: string | undefined;
  readonly formatB?: string | undefined;
}

const remote = (url: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(url);

/** xarray's open of a side: `open_zarr` for a store, `open_dataset` with the format's engine for a file (through fsspec when remote). */
function openSide(url: string, format: string | undefined, extra: string): string {
  const u = store(url);
  if (format === undefined) return `xr.open_zarr(${py(u)}${extra})`;
  const source = remote(u) ? `fsspec.open(${py(u)}, mode="rb").open()` : py(u);
  return `xr.open_dataset(${source}, engine=${py(xarrayEngine(format))}${extra})`;
}

export function compareCode(input: CodeInput): string {
  const { urlA, urlB, varA, varB, selA, pair, method, sameGrid, formatA, formatB } = input;
  const fsspec = (formatA !== undefined && remote(store(urlA))) || (formatB !== undefined && remote(store(urlB)));
  const lines = [
    ...(fsspec ? ['import fsspec'] : []),
    'import xarray as xr',
    '',
    `a = ${openSide(urlA, formatA, '')}[${py(nameOf(varA))}]${isel(pair.dimsA, selA)}`,
  ];
  if (!pair.selB || !pair.namesB) {
    lines.push(`# B has no slice linked to A's: ${pair.linkText.join('; ')}`);
    return `${lines.join('\n')}\n`;
  }
  for (const t of pair.linkText) lines.push(`# linked by coordinate value: ${t}`);
  lines.push(`b = ${openSide(urlB, formatB, ', use_cftime=True')}[${py(nameOf(varB))}]${isel(pair.dimsB, pair.selB)}`);
  const c = pair.conversion;
  if (c) lines.push(`b = b * ${c.scale} + ${c.offset}  # ${c.text}`);
  const { x, y } = pair.names;
  const bn = pair.namesB;
  const grid = pair.cells?.grid;
  if (grid?.family === 'healpix' && method !== 'area' && pair.kindY === 'latitude' && pair.kindX === 'longitude') {
    // Each of A's cells takes B's pixel containing its centre (healpy's ang2pix on A's centres).
    lines.push(
      `# B lies on ${grid.label}: each of A's cells takes the value of B's cell containing its centre (its pixel)`,
      'import healpy',
      `lat, lon = xr.broadcast(a[${py(y)}], a[${py(x)}])`,
      `pix = healpy.ang2pix(${grid.spec.nside}, lon.values, lat.values, lonlat=True, nest=${grid.spec.order === 'nested' ? 'True' : 'False'})`,
      'b_on_a = xr.DataArray(b.values[pix], dims=lat.dims, coords=lat.coords)',
    );
  } else if (pair.cells) {
    lines.push(
      `# B lies on ${pair.cells.grid.label}: each of A's cells takes the value of B's cell containing its centre`,
      '# (healpy.ang2pix for HEALPix; for a mesh, the cell polygon that contains the point, e.g. with shapely)',
      'b_on_a = ...',
    );
  } else if (pair.curvilinear) {
    lines.push(
      "# B's grid is curvilinear (2-D latitude/longitude): nearest cells, e.g. with xESMF",
      'import xesmf',
      'b_on_a = xesmf.Regridder(b, a, "nearest_s2d")(b)',
    );
  } else if (sameGrid) {
    const rename = [bn.y !== y ? `${py(bn.y)}: ${py(y)}` : '', bn.x !== x ? `${py(bn.x)}: ${py(x)}` : ''].filter(
      Boolean,
    );
    lines.push(
      `b_on_a = b${rename.length ? `.rename({${rename.join(', ')}})` : ''}.assign_coords({${py(y)}: a[${py(y)}], ${py(x)}: a[${py(x)}]})`,
    );
  } else {
    const wrap = (axis: 'x' | 'y') => {
      const lon = (axis === 'x' ? pair.kindX : pair.kindY) === 'longitude';
      const side = axis === 'x' ? pair.b?.x : pair.b?.y;
      const name = axis === 'x' ? x : y;
      const src = axis === 'x' ? pair.bSource?.x : pair.bSource?.y;
      const min = src ? Math.min(...src) : 0;
      return lon && side && min >= 0 ? `a[${py(name)}] % 360` : `a[${py(name)}]`;
    };
    const how = method === 'linear' ? 'linear' : 'nearest';
    const to = `{${py(bn.y)}: ${wrap('y')}, ${py(bn.x)}: ${wrap('x')}}`;
    lines.push(`b_on_a = b.interp(${to}, method=${py(how)})  # B onto A's grid`);
  }
  lines.push('diff = a - b_on_a', 'print(float(diff.mean()), float(abs(diff).max()))');
  return `${lines.join('\n')}\n`;
}
