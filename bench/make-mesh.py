#!/usr/bin/python3
"""ICON R2B6-like mesh benchmark file, written at bench time by netCDF4-python (Debian /usr/bin/python3), laid out as
ICON writes its output on the native grid: an icosahedron subdivided 7 times (327,680 triangles, as R2B6), cell
centres clon/clat and their vertices clon_vertices/clat_vertices in radians (CF bounds), and
  S (time, ncells) float32, 2 steps, deflate level 1, one chunk per step; S:coordinates = "clon clat".
Usage: make-mesh.py OUT.nc"""
import json
import math
import sys

import netCDF4
import numpy as np

out = sys.argv[1]
LEVELS = 7


def icosahedron():
    t = (1 + 5 ** 0.5) / 2
    v = np.array([(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t), (0, -1, -t), (0, 1, -t),
                  (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)], float)
    f = np.array([(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4), (11, 10, 2),
                  (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9), (4, 9, 5),
                  (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)])
    v /= np.linalg.norm(v, axis=1)[:, None]
    a = v[0]
    axis = np.cross(a, [0, 0, 1.0])
    axis /= np.linalg.norm(axis)
    ang = math.acos(a[2])
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    rot = np.eye(3) + math.sin(ang) * k + (1 - math.cos(ang)) * k @ k
    return v @ rot.T, f


def subdivide(v, f):
    """Each triangle into four, the edges' midpoints shared (found by sorting the edges), on the sphere."""
    edges = np.sort(np.concatenate([f[:, [0, 1]], f[:, [1, 2]], f[:, [2, 0]]]), axis=1)
    uniq, inv = np.unique(edges, axis=0, return_inverse=True)
    mid = v[uniq[:, 0]] + v[uniq[:, 1]]
    mid /= np.linalg.norm(mid, axis=1)[:, None]
    n, m = len(v), len(f)
    ab, bc, ca = (inv[i * m:(i + 1) * m] + n for i in range(3))
    a, b, c = f[:, 0], f[:, 1], f[:, 2]
    faces = np.concatenate([np.stack(t, axis=1) for t in ((a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca))])
    return np.concatenate([v, mid]), faces


def lonlat(xyz):
    lat = np.arcsin(np.clip(xyz[..., 2], -1, 1))
    lon = np.arctan2(xyz[..., 1], xyz[..., 0])
    return np.where(np.abs(lat) > math.pi / 2 - 1e-9, 0.0, lon), lat


v, f = icosahedron()
for _ in range(LEVELS):
    v, f = subdivide(v, f)
c = v[f].mean(axis=1)
c /= np.linalg.norm(c, axis=1)[:, None]
clon, clat = lonlat(c)
vlon, vlat = lonlat(v)
n = len(f)
with netCDF4.Dataset(out, 'w') as ds:
    ds.title = 'ICON R2B6-like mesh (synthetic salinity-like field)'
    ds.createDimension('time', 2)
    ds.createDimension('ncells', n)
    ds.createDimension('nv', 3)
    t = ds.createVariable('time', 'f8', ('time',))
    t.units = 'days since 2000-01-01'
    t[:] = [0, 1]
    for name, val, std, bnd in (('clon', clon, 'longitude', vlon), ('clat', clat, 'latitude', vlat)):
        x = ds.createVariable(name, 'f8', ('ncells',), zlib=True, complevel=1)
        x.units = 'radian'
        x.standard_name = std
        x.bounds = f'{name}_vertices'
        x[:] = val
        b = ds.createVariable(f'{name}_vertices', 'f8', ('ncells', 'nv'), zlib=True, complevel=1)
        b.units = 'radian'
        b[:] = bnd[f]
    s = ds.createVariable('S', 'f4', ('time', 'ncells'), zlib=True, complevel=1, chunksizes=(1, n))
    s.coordinates = 'clon clat'
    s.long_name = 'salinity-like field'
    s.units = 'psu'
    for k in range(2):
        s[k] = (35 + 2 * np.cos(3 * clat) * np.sin(2 * clon + k) + 0.3 * np.sin(40 * clon) * np.cos(40 * clat))
print(json.dumps({'ok': True, 'cells': n}))
