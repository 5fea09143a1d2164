/**
 * The Map view as cartopy + xarray code: the xarray snippet's open and selection (up to its `da = …` line), then
 * the field drawn on the viewer's map projection — placed by its CF grid mapping (`ccrs` from the mapping, x/y in
 * the metres or degrees cartopy wants), or by its latitude/longitude (1-D axes or 2-D curvilinear coordinates).
 * Null where the view is not a map of two dimensions or the xarray code has no coordinates to place it by.
 *
 * @example
 * mapSnippet({ dataset, variable, selection: [0, null, null], projection: 'robinson' }, code.xarray)
 * // '…\nda.plot(ax=ax, transform=crs, x="x", y="y")\n…'
 */
import type { DimSelection } from '../api';
import { describeAxes } from '../cf/coordinates';
import { findDsg } from '../geo/dsg/detect';
import { curvilinearCoords, latLonDims } from '../geo/geo-axes';
import { projectedGrid } from '../geo/grid-mapping/find';
import { findVariable } from '../model/find';
import type { Dataset, Variable } from '../model/types';
import { MAP_PROJECTIONS, cartopyCrs } from './cartopy';
import { healpixGrid } from '../geo/healpix/detect';
import { findMesh } from '../geo/mesh/detect';
import { dsgMapSnippet } from './dsg-snippet';
import { healpixMapSnippet } from './healpix-snippet';
import type { MapStyle } from './map-style';
import { meshMapSnippets } from './mesh-snippet';
import { relativeName, xarrayParts } from './snippet-parts';
import { pyStr } from './python';

export interface MapSnippetInput {
  readonly dataset: Dataset;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  /** The Map's projection (`ProjectionName`); equirectangular when absent or unknown. */
  readonly projection?: string | undefined;
  /** The Map's colouring (the HEALPix and mesh snippets draw with it); matplotlib's defaults when absent. */
  readonly style?: MapStyle | undefined;
  /** Every k-th element along the kept dimensions (a thinned view: no HEALPix or mesh map). */
  readonly stride?: number | undefined;
}

/** The Map's code: the snippet, its title in the Code panel, and the uxarray variant of a mesh's. */
export interface MapCode {
  readonly map: string;
  readonly mapTitle: string;
  readonly uxarray?: string | undefined;
}

const baseName = (path: string): string => path.split('/').filter(Boolean).pop() ?? path;

/** How the field is placed: the lines before the plot, its `transform` and the x/y coordinate names. */
interface Placement {
  readonly imports: readonly string[];
  readonly lines: readonly string[];
  readonly transform: string;
  readonly x: string;
  readonly y: string;
}

function placement(input: MapSnippetInput, kept: readonly number[]): Placement | null {
  const { dataset, variable: v } = input;
  const axes = describeAxes(dataset, v);
  const grid = projectedGrid(dataset, v, axes);
  if (grid.kind === 'grid') {
    const g = grid.grid;
    if (!kept.includes(g.xDim) || !kept.includes(g.yDim)) return null;
    const { imports, lines } = cartopyCrs({
      name: g.mapping.name,
      attributes: findVariable(dataset.root, g.mappingPath)?.attributes ?? [],
      mappingName: relativeName(v.path, g.mappingPath),
      source: g.mapping.source,
    });
    const x = baseName(g.x.path);
    const y = baseName(g.y.path);
    // Geostationary x/y are scan angles: cartopy's Geostationary takes metres (angle × satellite height).
    const k = g.mapping.angular ? g.scale * g.mapping.height : g.scale;
    const why = g.mapping.angular ? 'scan angles → metres (× perspective_point_height)' : `${g.units ?? ''} → metres`;
    const scale =
      k !== 1
        ? [
            `# x/y ${why}, as cartopy wants them.`,
            `da = da.assign_coords({${[x, y].map((n) => `${pyStr(n)}: da[${pyStr(n)}] * ${k}`).join(', ')}})`,
          ]
        : [];
    return { imports, lines: [...lines, ...scale], transform: 'crs', x, y };
  }
  const ll = latLonDims(axes);
  if (ll && kept.includes(ll.lat) && kept.includes(ll.lon)) {
    const lat = axes[ll.lat]?.coordinate;
    const lon = axes[ll.lon]?.coordinate;
    if (lat && lon)
      return { imports: [], lines: [], transform: 'ccrs.PlateCarree()', x: baseName(lon.path), y: baseName(lat.path) };
  }
  const [a, b] = kept;
  const curvi = a !== undefined && b !== undefined ? curvilinearCoords(axes, a, b) : null;
  if (curvi)
    return {
      imports: [],
      lines: [],
      transform: 'ccrs.PlateCarree()',
      x: baseName(curvi.lon.path),
      y: baseName(curvi.lat.path),
    };
  return null;
}

/**
 * The Map's code on the view's xarray snippet: healpy for a HEALPix field, matplotlib (and uxarray) polygons for
 * a mesh, cartopy for the other grids and the DSGs; null where it cannot be one.
 */
export function mapCode(input: MapSnippetInput, xarray: string): MapCode | null {
  if (!/xr\.open_(zarr|dataset)\(/.test(xarray)) return null;
  const hp = healpixGrid(input.dataset, input.variable);
  if (hp.kind === 'grid') {
    const map = healpixMapSnippet(input, hp.grid, xarray);
    return map ? { map, mapTitle: 'Map (healpy)' } : null;
  }
  const mesh = findMesh(input.dataset, input.variable);
  if (mesh.kind === 'mesh') {
    const projection = MAP_PROJECTIONS[input.projection ?? ''] ?? 'ccrs.PlateCarree()';
    const code = meshMapSnippets(input, mesh.mesh, xarray, projection);
    return code ? { map: code.map, mapTitle: 'Map (matplotlib)', uxarray: code.uxarray } : null;
  }
  const map = mapSnippet(input, xarray);
  return map ? { map, mapTitle: 'Map (cartopy)' } : null;
}

/** The cartopy snippet of a Map view, built on the view's xarray snippet; null where it cannot be one. */
export function mapSnippet(input: MapSnippetInput, xarray: string): string | null {
  const kept = input.selection.flatMap((s, d) => (typeof s === 'number' ? [] : [d]));
  // Only an xarray open gives the coordinates (the by-path zarr-python open has none).
  if (!/xr\.open_(zarr|dataset)\(/.test(xarray)) return null;
  const projection = MAP_PROJECTIONS[input.projection ?? ''] ?? 'ccrs.PlateCarree()';
  const dsg = findDsg(input.dataset, input.variable);
  if (dsg.kind === 'dsg') return dsgMapSnippet(input, dsg.spec, xarray, projection, []);
  if (kept.length !== 2) return null;
  const parts = xarrayParts(xarray);
  if (!parts) return null;
  const where = placement(input, kept);
  if (!where) return null;
  const { head, body } = parts;
  const imports = ['import cartopy.crs as ccrs', 'import matplotlib.pyplot as plt', ...where.imports, ...head].sort();
  return [
    ...new Set(imports),
    ...body,
    ...where.lines,
    '',
    `ax = plt.axes(projection=${projection})`,
    `da.plot(ax=ax, transform=${where.transform}, x=${pyStr(where.x)}, y=${pyStr(where.y)})`,
    'ax.coastlines()',
    'ax.gridlines(draw_labels=True)',
    'plt.savefig("map.png", dpi=150)',
    '',
  ].join('\n');
}
