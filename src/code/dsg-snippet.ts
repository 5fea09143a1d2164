/**
 * The Map of a CF discrete sampling geometry (src/geo/dsg/) as cartopy + xarray code: the xarray snippet's open and
 * selection (up to its `da = …` line), then one marker per station, profile, trajectory point or point, at its
 * latitude/longitude, in its value's colour, framed on the features. Null where the marks are not the slice's own
 * cells — ragged stations and profiles, whose marks show the element at the sliders' time and depth — or where the
 * latitude/longitude do not lie along the slice's dimensions.
 *
 * @example
 * dsgMapSnippet(input, spec, code.xarray)
 * // '…\nmarks = ax.scatter(lon.values.ravel(), lat.values.ravel(), c=points.values.ravel(), …)\n…'
 */
import type { DsgSpec } from '../geo/dsg/types';
import { findVariable } from '../model/find';
import { pyStr } from './python';
import type { MapSnippetInput } from './map-snippet';
import { relativeName, xarrayParts } from './snippet-parts';

/** The cartopy snippet of a DSG's Map view, on the view's xarray snippet; null where it cannot be one. */
export function dsgMapSnippet(
  input: MapSnippetInput,
  spec: DsgSpec,
  xarray: string,
  projection: string,
  imports: readonly string[],
): string | null {
  if (spec.stacked) return null;
  const v = input.variable;
  const kept = input.selection.flatMap((s, d) => (typeof s === 'number' ? [] : [d]));
  const keptNames = kept.map((d) => v.dimensions[d]?.name ?? '').sort();
  const lat = findVariable(input.dataset.root, spec.latitude);
  const lon = findVariable(input.dataset.root, spec.longitude);
  if (!lat || !lon) return null;
  const same = (x: typeof lat) =>
    x.dimensions
      .map((d) => d.name)
      .sort()
      .join() === keptNames.join();
  if (!same(lat) || !same(lon)) return null;
  const parts = xarrayParts(xarray);
  if (!parts) return null;
  const { head, body } = parts;
  const all = ['import cartopy.crs as ccrs', 'import matplotlib.pyplot as plt', ...imports, ...head].sort();
  return [
    ...new Set(all),
    ...body,
    `lat = ds[${pyStr(relativeName(v.path, spec.latitude))}]`,
    `lon = ds[${pyStr(relativeName(v.path, spec.longitude))}]`,
    '# One marker per value, at its own latitude/longitude (the same dimensions, in the same order).',
    'points = da.transpose(*lat.dims)',
    '',
    `ax = plt.axes(projection=${projection})`,
    'marks = ax.scatter(lon.values.ravel(), lat.values.ravel(), c=points.values.ravel(), s=36,',
    '                   edgecolors="black", linewidths=0.5, transform=ccrs.PlateCarree())',
    'plt.colorbar(marks, ax=ax, orientation="horizontal", label=da.attrs.get("units", ""))',
    'pad = 2.0  # degrees around the features',
    'ax.set_extent([float(lon.min()) - pad, float(lon.max()) + pad, float(lat.min()) - pad, float(lat.max()) + pad],',
    '              crs=ccrs.PlateCarree())',
    'ax.coastlines()',
    'ax.gridlines(draw_labels=True)',
    'plt.savefig("map.png", dpi=150)',
    '',
  ].join('\n');
}
