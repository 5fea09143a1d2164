#!/usr/bin/python3
"""Cold time to one 2-D slice of a netCDF file over HTTP with xarray + fsspec (engine h5netcdf for netCDF-4,
scipy for netCDF-3). Usage: files-baseline.py URL ENGINE VAR [INDEX] → prints {"ms": ..., "n": ...}"""
import json
import sys
import time

import fsspec
import xarray as xr

url, engine, var = sys.argv[1], sys.argv[2], sys.argv[3]
index = int(sys.argv[4]) if len(sys.argv) > 4 else None
t0 = time.perf_counter()
f = fsspec.open(url, mode="rb").open()
ds = xr.open_dataset(f, engine=engine, decode_cf=False, mask_and_scale=False)
da = ds[var] if index is None else ds[var][index]
values = da.values
ms = (time.perf_counter() - t0) * 1000
print(json.dumps({"ms": ms, "n": int(values.size)}))
