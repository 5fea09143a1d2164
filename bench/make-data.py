#!/usr/bin/python3
"""Benchmark data, written at bench time by zarr-python 2 (Debian /usr/bin/python3) into bench/tmp/data/:
  f32_blosc_lz4, f32_zlib  256 MB of float32 each (shape 256x512x512, 8 MB chunks), a smooth field plus noise
  v4d                      a chunked 4-D variable (time, level, y, x) = (12, 8, 512, 512), chunks (1, 1, 128, 128), zlib
Usage: make-data.py OUTDIR"""
import os, sys, json
import numpy as np, zarr, numcodecs

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
g = zarr.open_group(out, mode='w')
rng = np.random.default_rng(42)
y, x = np.mgrid[0:512, 0:512].astype('f4') / 512.0
base = (np.sin(6 * x) * np.cos(4 * y) * 20 + 280).astype('f4')

def field(k):
    return (base + np.float32(k * 0.01) + rng.standard_normal((512, 512)).astype('f4') * np.float32(0.05)).astype('f4')

for name, comp in (('f32_blosc_lz4', numcodecs.Blosc('lz4', 5, numcodecs.Blosc.SHUFFLE)), ('f32_zlib', numcodecs.Zlib(1))):
    a = g.create_dataset(name, shape=(256, 512, 512), chunks=(8, 512, 512), dtype='<f4', compressor=comp)
    for k in range(0, 256, 8):
        a[k:k + 8] = np.stack([field(k + i) for i in range(8)])
    a.attrs['_ARRAY_DIMENSIONS'] = [name + '_z', 'y', 'x']
v = g.create_dataset('v4d', shape=(12, 8, 512, 512), chunks=(1, 1, 128, 128), dtype='<f4', compressor=numcodecs.Zlib(1))
for t in range(12):
    v[t] = np.stack([field(t * 8 + z) for z in range(8)])
v.attrs['_ARRAY_DIMENSIONS'] = ['time', 'level', 'y', 'x']
zarr.consolidate_metadata(out)
print(json.dumps({'ok': True}))
