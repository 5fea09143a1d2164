#!/usr/bin/python3
"""Small xarray-written Zarr v2 datasets for the CF decoding tests (one per calendar: a time axis, packed int16
data with a fill value, a float32 variable with NaN), and a manifest.

  /usr/bin/python3 scripts/cf/make-xarray-datasets.py [out_dir]    (default: fixtures/cf/xarray)

Then `scripts/cf/dump-xarray-decoded.py fixtures/cf/xarray fixtures/cf/xarray` writes what xarray decodes them to.
"""
import json
import os
import shutil
import sys
import warnings

import numcodecs
import numpy as np
import xarray as xr

warnings.simplefilter('ignore')
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'cf', 'xarray')

# calendar, first date, step, time units, time dtype, compressor
SPECS = [
    ('standard', '1582-10-01', '1D', 'days since 1582-10-01', 'int32', numcodecs.Zlib(level=4)),
    ('noleap', '2000-02-27 06:00', '6H', 'hours since 2000-02-27 06:00:00', 'float64', None),
    ('360_day', '2000-02-28', '1D', 'days since 2000-02-01', 'float32', numcodecs.Blosc()),
    ('all_leap', '1900-02-28', '12H', 'minutes since 1900-02-28 00:00:00', 'int64', numcodecs.Zlib(level=1)),
    ('julian', '1900-02-27', '1D', 'days since 1900-02-27T00:00:00Z', 'float64', None),
    ('proleptic_gregorian', '0001-01-01', '90D', 'seconds since 1-1-1', 'int64', numcodecs.Blosc(cname='zstd')),
]


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    rng = np.random.default_rng(42)
    entries = []
    for cal, start, step, units, tdtype, compressor in SPECS:
        n = 8
        time = xr.cftime_range(start, periods=n, freq=step, calendar=cal)
        temp = 250 + 40 * rng.random((n, 3))
        temp[1, 2] = np.nan
        temp[5, 0] = np.nan
        precip = rng.random((n, 3)).astype('float32')
        precip[3, 1] = np.nan
        ds = xr.Dataset(
            {
                'temp': (('time', 'x'), temp, {'units': 'K', 'long_name': 'Air temperature'}),
                'precip': (('time', 'x'), precip, {'units': 'mm'}),
            },
            coords={'time': time, 'x': ('x', [0.5, 1.5, 2.5], {'units': 'km', 'axis': 'X'})},
        )
        enc = {'compressor': compressor}
        ds['temp'].encoding = {'dtype': 'int16', 'scale_factor': 0.01, 'add_offset': 273.15, '_FillValue': -32767, **enc}
        ds['precip'].encoding = {'_FillValue': np.float32(-1e20), **enc}
        ds['time'].encoding = {'units': units, 'calendar': cal, 'dtype': tdtype, **enc}
        name = f'xarray-{cal.replace("_", "-")}'
        ds.to_zarr(os.path.join(OUT, f'{name}.zarr'), mode='w', consolidated=True)
        entries.append({'name': name, 'path': f'{name}.zarr', 'writer': 'xarray', 'calendar': cal})
    with open(os.path.join(OUT, 'index.json'), 'w') as f:
        json.dump({'datasets': entries}, f, indent=1)
        f.write('\n')
    print(f'{len(entries)} datasets in {OUT}')


if __name__ == '__main__':
    main()
