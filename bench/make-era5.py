#!/usr/bin/python3
"""ERA5-like benchmark store, written at bench time by zarr-python 2 (Debian /usr/bin/python3):
  t (time, level, latitude, longitude) = (T, 2, 721, 1440) float32 (T = 6 unless given), one 721 x 1440 chunk per field (4 MB),
  blosc lz4 with byte shuffle (typesize 4); latitude 90 .. -90 and longitude 0 .. 359.75 by 0.25 degrees;
  time (hours since 2000-01-01) and level (hPa) coordinates; xarray dimension names; consolidated metadata.
  Coordinates have no fill value (zarr-python's default 0 would mask longitude 0 under xarray's rules).
Usage: make-era5.py OUTDIR [T]"""
import sys, json
import numpy as np, zarr, numcodecs

out = sys.argv[1]
T = int(sys.argv[2]) if len(sys.argv) > 2 else 6
g = zarr.open_group(out, mode='w')
lat = np.linspace(90, -90, 721).astype('f8')
lon = (np.arange(1440) * 0.25).astype('f8')
for name, vals, units in (('latitude', lat, 'degrees_north'), ('longitude', lon, 'degrees_east')):
    a = g.create_dataset(name, data=vals, chunks=vals.shape, compressor=None, fill_value=None)
    a.attrs.update({'_ARRAY_DIMENSIONS': [name], 'units': units})
time = g.create_dataset('time', data=np.arange(T, dtype='i8') * 6, compressor=None, fill_value=None)
time.attrs.update({'_ARRAY_DIMENSIONS': ['time'], 'units': 'hours since 2000-01-01', 'calendar': 'gregorian'})
level = g.create_dataset('level', data=np.array([850, 500], dtype='i4'), compressor=None, fill_value=None)
level.attrs.update({'_ARRAY_DIMENSIONS': ['level'], 'units': 'hPa'})
comp = numcodecs.Blosc('lz4', 5, numcodecs.Blosc.SHUFFLE)
t = g.create_dataset('t', shape=(T, 2, 721, 1440), chunks=(1, 1, 721, 1440), dtype='<f4', compressor=comp, fill_value=float('nan'))
t.attrs.update({'_ARRAY_DIMENSIONS': ['time', 'level', 'latitude', 'longitude'], 'units': 'K', 'long_name': 'Temperature'})
rng = np.random.default_rng(7)
la, lo = np.meshgrid(np.radians(lat), np.radians(lon), indexing='ij')
for k in range(T):
    for j in range(2):
        f = 250 + 40 * np.cos(la) - 25 * j + 5 * np.sin(3 * lo + k * 0.3) * np.cos(2 * la)
        t[k, j] = (f + rng.standard_normal(f.shape) * 0.2).astype('f4')
zarr.consolidate_metadata(out)
print(json.dumps({'ok': True}))
