/**
 * What kind of file a reference, virtual chunk or fragment names, from its name alone (nothing is read): the
 * Report's "formats" of a virtual or aggregated dataset.
 *
 * @example targetFormat('s3://bucket/era5/2020.nc') // 'netCDF or HDF5'
 */
export function targetFormat(url: string): string {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (/\.(nc|nc3|nc4|cdf|netcdf)$/.test(path)) return 'netCDF';
  if (/\.(h5|hdf5|he5|hdf)$/.test(path)) return 'HDF5';
  if (/\.zarr(\/|$)/.test(path) || /\/(\.zarray|zarr\.json)$/.test(path) || /\/c\/\d+(\/\d+)*$/.test(path))
    return 'Zarr';
  if (/\.(grib2?|grb2?)$/.test(path)) return 'GRIB';
  if (/\.tiff?$/.test(path)) return 'TIFF';
  return 'other';
}

/** Distinct targets counted by format. */
export function formatCounts(urls: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of new Set(urls)) {
    const f = targetFormat(u);
    out[f] = (out[f] ?? 0) + 1;
  }
  return out;
}
