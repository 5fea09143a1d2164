#!/usr/bin/python3
"""Cold time to open a glob of netCDF-4 files over HTTP as one dataset with xarray + h5netcdf + fsspec (the
reference Python stack): the glob expanded by fsspec's HTTP filesystem (the folder's index page), each file opened
through fsspec, and xr.open_mfdataset(combine="nested", concat_dim=DIM) over them, with the options that read least
(data_vars, coords "minimal", compat "override": the other variables are the first file's, as the viewer's join
keeps them), the files opened one after another (open_mfdataset's default; with `parallel` in dask's threads, which
took over twice as long here for 365 files).
Usage: xarray-open-mfdataset.py GLOB_URL DIM [parallel] → prints {"ms": ..., "files": ..., "length": ...}"""
import json
import sys
import time

import fsspec
import xarray as xr

url, dim = sys.argv[1], sys.argv[2]
parallel = len(sys.argv) > 3 and sys.argv[3] == "parallel"
t0 = time.perf_counter()
fs = fsspec.filesystem("http")
urls = sorted(fs.glob(url))
files = [fs.open(u, mode="rb") for u in urls]
ds = xr.open_mfdataset(
    files,
    engine="h5netcdf",
    combine="nested",
    concat_dim=dim,
    data_vars="minimal",
    coords="minimal",
    compat="override",
    parallel=parallel,
)
ms = (time.perf_counter() - t0) * 1000
print(json.dumps({"ms": ms, "files": len(urls), "length": int(ds.sizes[dim])}))
