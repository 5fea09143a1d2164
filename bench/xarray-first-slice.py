#!/usr/bin/python3
"""Cold time to the first 2-D slice with xarray + fsspec over HTTP (the reference Python stack).
Usage: xarray-first-slice.py URL VAR T Z  → prints {"ms": ..., "n": ...}"""
import json, sys, time
import xarray as xr

url, var, t, z = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
t0 = time.perf_counter()
ds = xr.open_zarr(url, consolidated=True, decode_cf=False)
values = ds[var].isel(time=t, level=z).values
ms = (time.perf_counter() - t0) * 1000
print(json.dumps({'ms': ms, 'n': int(values.size)}))
