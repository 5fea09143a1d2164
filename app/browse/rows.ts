/** How a listing's rows show an entry: its kind's label, its size in binary units. */

export const KIND_LABEL: Readonly<Record<string, string>> = {
  folder: 'folder',
  catalog: 'catalog',
  item: 'STAC item',
  zarr: 'Zarr',
  nczarr: 'NCZarr',
  icechunk: 'Icechunk',
  refs: 'references',
  netcdf: 'netCDF',
  netcdf3: 'netCDF-3',
  netcdf4: 'netCDF-4',
  zip: 'zip',
  opendap: 'OPeNDAP',
  file: 'file',
};

export function formatSize(n: number | undefined): string {
  if (n === undefined) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
