#!/usr/bin/python3
"""GOES-like full-disk benchmark store, written at bench time by zarr-python 2 (Debian /usr/bin/python3), laid out as
GOES-16 ABI L1b radiances are (a 2 km band's netCDF-4 file: 5,424 x 5,424 int16, 226 x 226 chunks, deflate):
  Rad (y, x) int16, scale_factor/add_offset, _FillValue 1023 off the earth's disk; 226 x 226 chunks, zlib level 1;
  x, y scan angles (radians) packed as int16 with scale_factor/add_offset, as GOES stores them;
  goes_imager_projection: CF geostationary (sweep x, -75.0 E, GRS80), named by Rad:grid_mapping.
Consolidated metadata, xarray dimension names.
Usage: make-goes.py OUTDIR"""
import sys, json
import numpy as np, zarr, numcodecs

out = sys.argv[1]
N, CH = 5424, 226
H, A, B = 35786023.0, 6378137.0, 6356752.31414
g = zarr.open_group(out, mode='w')
g.attrs.update({'title': 'GOES-like ABI full disk (synthetic radiances)', 'Conventions': 'CF-1.7'})
# Scan angles of the 2 km fixed grid: 56 microradians per pixel, centred on the sub-satellite point.
step = 5.6e-5
first = -0.151844
for name, vals, attrs in (
    ('x', first + step * np.arange(N), {'units': 'rad', 'axis': 'X', 'standard_name': 'projection_x_coordinate'}),
    ('y', -first - step * np.arange(N), {'units': 'rad', 'axis': 'Y', 'standard_name': 'projection_y_coordinate'}),
):
    scale = step if name == 'x' else -step
    offset = first if name == 'x' else -first
    packed = np.round((vals - offset) / scale).astype('i2')
    a = g.create_dataset(name, data=packed, chunks=(N,), compressor=None, fill_value=None)
    a.attrs.update({'_ARRAY_DIMENSIONS': [name], 'scale_factor': scale, 'add_offset': offset, **attrs})
p = g.create_dataset('goes_imager_projection', shape=(), dtype='i4', fill_value=None, compressor=None)
p.attrs.update({
    '_ARRAY_DIMENSIONS': [], 'grid_mapping_name': 'geostationary', 'perspective_point_height': H,
    'semi_major_axis': A, 'semi_minor_axis': B, 'inverse_flattening': 298.2572221,
    'latitude_of_projection_origin': 0.0, 'longitude_of_projection_origin': -75.0, 'sweep_angle_axis': 'x',
})
rad = g.create_dataset('Rad', shape=(N, N), chunks=(CH, CH), dtype='<i2', compressor=numcodecs.Zlib(1),
                       fill_value=1023)
rad.attrs.update({
    '_ARRAY_DIMENSIONS': ['y', 'x'], 'long_name': 'ABI L1b Radiances', 'units': 'mW m-2 sr-1 (cm-1)-1',
    'scale_factor': 0.1546, 'add_offset': -20.2899, '_FillValue': 1023, 'grid_mapping': 'goes_imager_projection',
    'coordinates': 'y x',
})
# The earth's disk (where a scan meets the ellipsoid, as proj's geos finds it) holds a smooth field with some noise.
rng = np.random.default_rng(16)
x = first + step * np.arange(N)
for r0 in range(0, N, CH):
    y = -first - step * np.arange(r0, min(N, r0 + CH))
    yy, xx = np.meshgrid(y, x, indexing='ij')
    # Sweep-x geometry: the ray's direction in the satellite frame, and whether it meets the ellipsoid.
    cx, cy = np.cos(xx), np.cos(yy)
    d = np.stack([cx * cy, -np.sin(xx), cx * np.sin(yy)])
    o = np.array([H + A, 0.0, 0.0])[:, None, None]
    q = (d[0] ** 2 + d[1] ** 2) / A ** 2 + d[2] ** 2 / B ** 2
    b = 2 * (o[0] * d[0]) / A ** 2
    c = (o[0] ** 2) / A ** 2 - 1
    disc = b * b - 4 * q * c
    on = disc >= 0
    f = 400 + 200 * np.cos(xx * 9) * np.cos(yy * 7) + rng.normal(0, 8, xx.shape)
    block = np.where(on, np.clip(f, 0, 1000), 1023).astype('i2')
    rad[r0:r0 + block.shape[0], :] = block
zarr.consolidate_metadata(out)
print(json.dumps({'ok': True}))
