/**
 * The Map of an unstructured mesh (src/geo/mesh/: ICON-like CF bounds, CF-UGRID, MPAS) as code, in two variants:
 *
 * - matplotlib + cartopy + xarray (runs with Debian's packages): the xarray snippet's open and selection, then each
 *   cell's polygon from the file's own vertex arrays by the rule the Map draws by (src/geo/mesh/README.md: straight
 *   edges in longitude/latitude, radians converted, `start_index` taken off, fill values dropped, faces that are
 *   not polygons left out, longitudes continuous across the antimeridian, pole vertices and polar caps), in a
 *   `PolyCollection` coloured by the slice with the Map's colour map and range, on the Map's projection;
 * - uxarray (`ux.open_dataset(grid, data)`, or `ux.Grid.from_face_vertices` for bounds), which needs uxarray.
 *
 * Face-located data only: node-located data has no one value per polygon.
 */
import type { MeshSpec } from '../geo/mesh/types';
import type { MapSnippetInput } from './map-snippet';
import { DEFAULT_STYLE, cmapName, matplotlibColour } from './map-style';
import { pyStr } from './python';
import { relativeName, xarrayParts } from './snippet-parts';

export interface MeshSnippets {
  /** matplotlib + cartopy + xarray. */
  readonly map: string;
  /** The same cells with uxarray. */
  readonly uxarray: string;
}

/** The polygon rule of src/geo/mesh (build.ts, lookup.ts `planarRing`), in Python. */
const RING = [
  'POLE = 90 - 1e-9',
  '',
  '',
  'def wrap(d):',
  '    return d - 360 * math.floor(d / 360 + 0.5)',
  '',
  '',
  'def polygon(lon, lat):',
  '    """A cell\'s ring in the longitude/latitude plane (straight edges), or None where it is no polygon."""',
  '    pts = list(zip(map(float, lon), map(float, lat)))',
  '    pts = [p for i, p in enumerate(pts) if len(pts) == 1 or p != pts[i - 1]]  # repeated vertices are one',
  '    n = len(pts)',
  '    first = next((i for i in range(n) if abs(pts[i][1]) < POLE), None)',
  '    if n < 3 or first is None:',
  '        return None',
  '    # Longitudes made continuous from the first vertex not at a pole (the antimeridian crossed the short way).',
  '    ring, u, prev = [], pts[first][0], pts[first][0]',
  '    for s in range(n):',
  '        i = (first + s) % n',
  '        a, b = pts[i]',
  "        if abs(b) >= POLE:  # a vertex at a pole: two pole points, at its neighbours' longitudes",
  '            nxt = pts[(i + 1) % n]',
  '            to = u if abs(nxt[1]) >= POLE else u + wrap(nxt[0] - prev)',
  '            ring += [(u, math.copysign(90, b)), (to, math.copysign(90, b))]',
  '            continue',
  '        if s > 0:',
  '            u += wrap(a - prev)',
  '        prev = a',
  '        ring.append((u, b))',
  '    turn = u + wrap(pts[first][0] - prev) - ring[0][0]',
  '    if abs(turn) > 180:  # winds once round a pole: closed along it',
  '        pole = 90 if sum(y for _, y in ring) >= 0 else -90',
  '        x0, y0 = ring[0]',
  '        ring += [(x0 + turn, y0), (x0 + turn, pole), (x0, pole)]',
  '    shift = -360 * math.floor((min(x for x, _ in ring) + 180) / 360)  # west edge in [-180, 180)',
  '    return [(x + shift, y) for x, y in ring]',
];

/** Imports in the order a user writes them: `import …` lines, then `from … import …`. */
const importOrder = (lines: readonly string[]): string[] => {
  const all = [...new Set(lines)].sort();
  return [...all.filter((l) => l.startsWith('import ')), ...all.filter((l) => !l.startsWith('import '))];
};

const toDeg = (k: number | undefined, what: string): string =>
  k !== undefined && k !== 1 ? ` * (180 / np.pi)  # ${what} in radians → degrees` : '';

/** Python defining `faces` (the number of cells) and `face(k)`: cell k's vertex longitudes/latitudes, or None. */
function faceLines(mesh: MeshSpec, from: string): string[] {
  const vx = mesh.vertices;
  const name = (p: string) => pyStr(relativeName(from, p));
  if (vx.form === 'bounds')
    return [
      `# Cell vertices: the bounds of the cell coordinates, (cells, ${mesh.maxVertices}).`,
      `lon_v = ds[${name(vx.lon)}].values.astype("f8")${toDeg(mesh.toDegrees[vx.lon], 'longitudes')}`,
      `lat_v = ds[${name(vx.lat)}].values.astype("f8")${toDeg(mesh.toDegrees[vx.lat], 'latitudes')}`,
      'faces = len(lon_v)',
      '',
      '',
      'def face(k):',
      '    ok = np.isfinite(lon_v[k]) & np.isfinite(lat_v[k]) & (np.abs(lat_v[k]) <= 90 + 1e-9)  # fill values dropped',
      '    return lon_v[k][ok], np.clip(lat_v[k][ok], -90, 90)',
    ];
  return [
    `# Cell vertices: nodes by ${vx.count ? 'an MPAS' : 'a UGRID'} connectivity, ${vx.startIndex}-based.`,
    `conn = ds[${name(vx.connectivity)}]`,
    `nodes = conn.values.astype("f8")${vx.transposed ? '.T  # stored (vertices, cells)' : ''}`,
    'fill = conn.attrs.get("_FillValue", conn.encoding.get("_FillValue"))',
    'if fill is not None:',
    '    nodes[nodes == fill] = np.nan',
    ...(vx.startIndex ? [`nodes -= ${vx.startIndex}  # start_index ${vx.startIndex}`] : []),
    ...(vx.count ? [`count = ds[${name(vx.count)}].values  # vertices per cell; the rest of a row is padding`] : []),
    `node_lon = ds[${name(vx.nodeLon)}].values.astype("f8")${toDeg(mesh.toDegrees[vx.nodeLon], 'longitudes')}`,
    `node_lat = ds[${name(vx.nodeLat)}].values.astype("f8")${toDeg(mesh.toDegrees[vx.nodeLat], 'latitudes')}`,
    'faces = len(nodes)',
    '',
    '',
    'def face(k):',
    `    row = nodes[k${vx.count ? ', : max(0, int(count[k]))' : ''}]`,
    '    held = np.isfinite(row)',
    '    n = int(held.sum())',
    '    if held[n:].any():  # a fill value followed by a node: not a polygon',
    '        return None',
    '    idx = row[:n]',
    '    if (idx != np.floor(idx)).any() or (idx < 0).any() or (idx >= len(node_lon)).any():',
    '        return None',
    '    a, b = node_lon[idx.astype("i8")], node_lat[idx.astype("i8")]',
    '    if not (np.isfinite(a).all() and np.isfinite(b).all() and (np.abs(b) <= 90 + 1e-9).all()):',
    '        return None',
    '    return a, np.clip(b, -90, 90)',
  ];
}

/** The file's path or URL in the xarray snippet's open (for uxarray, which opens it itself). */
function openedPath(body: readonly string[]): string | null {
  const text = body.join('\n');
  const m = /(?:fsspec\.open|open_dataset|open_zarr)\(\s*("(?:[^"\\]|\\.)*")/.exec(text);
  return m?.[1] ? (JSON.parse(m[1]) as string) : null;
}

function uxarraySnippet(input: MapSnippetInput, mesh: MeshSpec, parts: { head: string[]; body: string[] }) {
  const v = input.variable;
  const style = input.style ?? DEFAULT_STYLE;
  const cellDim = v.dimensions[mesh.dim]?.name ?? '';
  const da = parts.body.find((l) => l.startsWith('da = ')) ?? '';
  const select = da.slice(da.indexOf(']') + 1);
  const path = openedPath(parts.body);
  const open =
    mesh.vertices.form === 'bounds'
      ? [
          ...parts.body,
          ...faceLines(mesh, v.path).slice(0, 3),
          '# uxarray builds the grid from each cell\'s vertices (degrees), its face dimension named "n_face".',
          'uxgrid = ux.Grid.from_face_vertices(np.stack([lon_v, lat_v], axis=-1), latlon=True)',
          `uxda = ux.UxDataArray(da.rename({${pyStr(cellDim)}: "n_face"}), uxgrid=uxgrid)`,
        ]
      : path
        ? [
            `# uxarray reads the ${mesh.kind === 'mpas' ? 'MPAS' : 'UGRID'} grid itself: grid file, then data file (here one file holds both).`,
            `uxds = ux.open_dataset(${pyStr(path)}, ${pyStr(path)})`,
            `uxda = uxds[${pyStr(v.name)}]${select}`,
          ]
        : null;
  if (!open) return null;
  const imports =
    mesh.vertices.form === 'bounds'
      ? [...parts.head, 'import numpy as np', 'import uxarray as ux']
      : ['import uxarray as ux'];
  return [
    '# Needs uxarray (conda-forge or PyPI; not packaged by Debian).',
    ...importOrder(['import matplotlib.pyplot as plt', ...imports]),
    '',
    ...open,
    '',
    "uxda.plot()  # uxarray's own plot (HoloViews)",
    '# Or with matplotlib: one polygon per cell.',
    'pc = uxda.to_polycollection()',
    `pc.set_cmap(${pyStr(cmapName(style))})`,
    'fig, ax = plt.subplots(figsize=(10, 5))',
    'ax.add_collection(pc)',
    'ax.set_xlim(-180, 180)',
    'ax.set_ylim(-90, 90)',
    'plt.colorbar(pc, ax=ax, orientation="horizontal", label=uxda.attrs.get("units", ""))',
    'plt.savefig("map.png", dpi=150)',
    '',
  ].join('\n');
}

/** The mesh snippets of a Map view (face data on the mesh's dimension alone); null where there are none. */
export function meshMapSnippets(
  input: MapSnippetInput,
  mesh: MeshSpec,
  xarray: string,
  projection: string,
): MeshSnippets | null {
  const kept = input.selection.flatMap((s, d) => (typeof s === 'number' ? [] : [d]));
  if (mesh.location !== 'face' || kept.length !== 1 || kept[0] !== mesh.dim) return null;
  if (input.selection[mesh.dim] !== null || (input.stride ?? 1) > 1) return null;
  const parts = xarrayParts(xarray);
  if (!parts) return null;
  const uxarray = uxarraySnippet(input, mesh, parts);
  if (!uxarray) return null;
  const v = input.variable;
  const style = input.style ?? DEFAULT_STYLE;
  const colour = matplotlibColour(style, 'values[cells]');
  const imports = [
    'import cartopy.crs as ccrs',
    'import math',
    ...(colour.lines.length ? ['import matplotlib'] : []),
    'import matplotlib.pyplot as plt',
    'import numpy as np',
    'from matplotlib.collections import PolyCollection',
    ...parts.head,
  ];
  const map = [
    '# matplotlib + cartopy + xarray. (The uxarray variant beside it needs uxarray.)',
    ...importOrder(imports),
    ...parts.body,
    'values = np.asarray(da.values, dtype="f8")  # one value per cell',
    '',
    ...faceLines(mesh, v.path),
    '',
    '',
    ...RING,
    '',
    '',
    '# One polygon per cell, as the Map draws it: vertices joined by straight lines in longitude/latitude.',
    'polygons, cells = [], []',
    'for k in range(faces):',
    '    f = face(k)',
    '    ring = polygon(*f) if f is not None else None',
    '    if ring is not None:',
    '        polygons.append(ring)',
    '        cells.append(k)',
    ...colour.lines,
    `pc = PolyCollection(polygons, array=values[cells], ${colour.args.join(', ')}, edgecolors="none",`,
    '                    transform=ccrs.PlateCarree())',
    '',
    `ax = plt.axes(projection=${projection})`,
    'ax.add_collection(pc)',
    'ax.set_global()',
    'plt.colorbar(pc, ax=ax, orientation="horizontal", label=da.attrs.get("units", ""))',
    'ax.coastlines()',
    'ax.gridlines(draw_labels=True)',
    'plt.savefig("map.png", dpi=150)',
    '',
  ].join('\n');
  return { map, uxarray };
}
