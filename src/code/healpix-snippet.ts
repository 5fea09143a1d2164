/**
 * The Map of a HEALPix field (src/geo/healpix/) as healpy + xarray code: the xarray snippet's open and selection
 * (up to its `da = …` line), then the slice as a healpy map — the whole sphere as stored, or, for a field on part of
 * the sphere (a cell index coordinate), an `hp.UNSEEN` map of 12·nside² cells filled at the indices held — drawn
 * by the healpy view nearest the Map's projection (`orthview`, `cartview`, else `mollview`) with `nest=` from the
 * grid's ordering, east to the right (`flip="geo"`), and the Map's colour map and range. Null where the view is not
 * the whole cell dimension.
 *
 * @example
 * healpixMapSnippet(input, grid, code.xarray)
 * // '…\nm = np.where(np.isfinite(values), values, hp.UNSEEN)\nhp.mollview(m, nest=True, flip="geo", …)\n…'
 */
import type { HealpixGrid } from '../geo/healpix/detect';
import type { MapSnippetInput } from './map-snippet';
import { DEFAULT_STYLE, healpyColour, pyFloat } from './map-style';
import { pyStr } from './python';
import { relativeName, xarrayParts } from './snippet-parts';

/** The healpy view of a Map projection, its arguments and why it is that one. */
function healpyView(projection: string | undefined, center: readonly [number, number]) {
  const [lon, lat] = center;
  if (projection === 'orthographic')
    return {
      call: 'hp.orthview',
      args: [`rot=(${pyFloat(lon)}, ${pyFloat(lat)}, 0.0)`, 'half_sky=True'],
      note: "# The Map's orthographic view: the hemisphere around its centre.",
    };
  const rot = lon !== 0 ? [`rot=(${pyFloat(lon)}, 0.0, 0.0)`] : [];
  if (projection === undefined || projection === 'equirectangular')
    return { call: 'hp.cartview', args: rot, note: "# The Map's equirectangular view (plate carrée)." };
  return {
    call: 'hp.mollview',
    args: rot,
    note: `# healpy has no ${projection} view: Mollweide, an equal-area view of the whole sphere.`,
  };
}

/** The healpy snippet of a HEALPix field's Map view, on the view's xarray snippet; null where it cannot be one. */
export function healpixMapSnippet(input: MapSnippetInput, grid: HealpixGrid, xarray: string): string | null {
  const kept = input.selection.flatMap((s, d) => (typeof s === 'number' ? [] : [d]));
  // The Map shows the whole cell dimension (a range or a thinned read is no healpy map).
  if (kept.length !== 1 || kept[0] !== grid.cellDim || input.selection[grid.cellDim] !== null) return null;
  if ((input.stride ?? 1) > 1) return null;
  const parts = xarrayParts(xarray);
  if (!parts) return null;
  const v = input.variable;
  const style = input.style ?? DEFAULT_STYLE;
  const view = healpyView(input.projection, style.center);
  const colour = healpyColour(style);
  const nested = grid.order === 'nested';
  const fill = 'np.where(np.isfinite(values), values, hp.UNSEEN)';
  const cells = grid.indexPath
    ? [
        `# Part of the sphere: ${pyStr(relativeName(v.path, grid.indexPath))} names the cell of each value.`,
        'm = np.full(12 * nside**2, hp.UNSEEN)',
        `m[ds[${pyStr(relativeName(v.path, grid.indexPath))}].values.astype("i8")] = ${fill}`,
      ]
    : [`m = ${fill}  # fill values (NaN) as healpy's UNSEEN`];
  const imports = [
    'import healpy as hp',
    'import matplotlib.pyplot as plt',
    'import numpy as np',
    ...parts.head,
  ].sort();
  const args = [
    'm',
    `nest=${nested ? 'True' : 'False'}`,
    'flip="geo"',
    ...view.args,
    `title=da.attrs.get("long_name", ${pyStr(v.name)})`,
    'unit=da.attrs.get("units", "")',
    ...colour.args,
  ];
  return [
    ...new Set(imports),
    ...parts.body,
    '',
    `# HEALPix, ${grid.order} ordering, nside ${grid.nside} (the grid mapping ${pyStr(relativeName(v.path, grid.mappingPath))}).`,
    `nside = ${grid.nside}`,
    'values = np.asarray(da.values, dtype="f8")  # one value per cell',
    ...cells,
    ...colour.lines,
    view.note,
    ...colour.notes,
    `${view.call}(${args.join(', ')})`,
    'hp.graticule()',
    'plt.savefig("map.png", dpi=150)',
    '',
  ].join('\n');
}
