#!/usr/bin/python3
"""Write the netCDF files of the file benchmarks (npm run bench) with netCDF4-python, once:
  big4.nc   netCDF-4, 1,000 float32 variables of 512 x 512 (chunks 256 x 256, no compression: 1 GiB of data),
            defined first, then written (the metadata at the start of the file, as netcdf-c's define mode leaves it)
  big4i.nc  the same written variable by variable (each object header beside its data, all over the file)
  big3.nc   netCDF-3 64-bit offset, t(time=40, lat=721, lon=1440) float32 (~166 MB)
  huge4.nc  netCDF-4, t(time=520, lat=721, lon=1440) float32 contiguous, no fill (2.16 GB); only time steps 0, 1 and
            519 are written, so the file is sparse on disk (the end-to-end test of a dropped file over 2 GB)
Usage: make-files.py OUTDIR [NAME ...]   (default: big4 big4i big3; prints the sizes of what it wrote as JSON)"""
import json
import os
import sys

import netCDF4
import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
def once(path, write):
    """Writes the file through `write(tmp_path)` unless it exists; a run that stops leaves no half-written file."""
    if os.path.exists(path):
        return
    tmp = path + ".part"
    write(tmp)
    os.rename(tmp, path)


def big4(tmp, interleaved):
    """Defined first and then written (netcdf-c's define mode: the metadata lies at the start of the file), or
    each variable written as it is defined (its object header beside its data, spread over the whole file)."""
    with netCDF4.Dataset(tmp, "w", format="NETCDF4") as ds:
        ds.createDimension("y", 512)
        ds.createDimension("x", 512)
        base = np.arange(512 * 512, dtype="f4").reshape(512, 512) / 1000
        made = []
        for i in range(1000):
            v = ds.createVariable(f"v{i:04d}", "f4", ("y", "x"), chunksizes=(256, 256))
            v.units = "K"
            v.long_name = f"field {i}"
            if interleaved:
                v[:] = base + i
            made.append(v)
        if not interleaved:
            for i, v in enumerate(made):
                v[:] = base + i


def huge4(tmp):
    with netCDF4.Dataset(tmp, "w", format="NETCDF4") as ds:
        ds.createDimension("time", 520)
        ds.createDimension("lat", 721)
        ds.createDimension("lon", 1440)
        lat = ds.createVariable("lat", "f4", ("lat",))
        lat[:] = np.linspace(-90, 90, 721, dtype="f4")
        lon = ds.createVariable("lon", "f4", ("lon",))
        lon[:] = np.arange(1440, dtype="f4") / 4
        t = ds.createVariable("t", "f4", ("time", "lat", "lon"), contiguous=True, fill_value=False)
        t.units = "K"
        field = np.broadcast_to(np.linspace(250, 300, 1440, dtype="f4"), (721, 1440))
        for k in (0, 1, 519):
            t[k] = field + k


def big3(tmp):
    with netCDF4.Dataset(tmp, "w", format="NETCDF3_64BIT_OFFSET") as ds:
        ds.createDimension("time", 40)
        ds.createDimension("lat", 721)
        ds.createDimension("lon", 1440)
        t = ds.createVariable("t", "f4", ("time", "lat", "lon"))
        t.units = "K"
        row = np.linspace(250, 300, 1440, dtype="f4")
        for k in range(40):
            t[k] = np.broadcast_to(row + k, (721, 1440))


names = sys.argv[2:] or ["big4", "big4i", "big3"]
if "big4" in names:
    once(os.path.join(out, "big4.nc"), lambda tmp: big4(tmp, False))
if "big4i" in names:
    once(os.path.join(out, "big4i.nc"), lambda tmp: big4(tmp, True))
if "huge4" in names:
    once(os.path.join(out, "huge4.nc"), huge4)
if "big3" in names:
    once(os.path.join(out, "big3.nc"), big3)
print(json.dumps({n: os.path.getsize(os.path.join(out, n + ".nc")) for n in names}))
