#!/usr/bin/python3
"""A year of daily reanalysis-like netCDF-4 files for the aggregate rows (scripts/bench-aggregate.mjs), written once
by netCDF4-python (Debian /usr/bin/python3):
  N files t2m_YYYYMMDD.nc (N = 365 unless given, the days of 2023 from 1 January), each one time step:
  time (UNLIMITED, 1) int32 hours since 1900-01-01, latitude (721) 90 .. -90 and longitude (1440) 0 .. 359.75 by
  0.25 degrees (float64), t2m (time, latitude, longitude) float32 of a smooth field (a seasonal cycle, waves moving
  eastwards day by day), zlib level 4 with shuffle, one chunk of 1 x 721 x 1440 per day as ERA5 day files served by
  THREDDS or the CDS carry a field.
  Then index.html: an nginx-style folder index of the files (the page a glob over the folder is expanded from), and
  .bench-aggregate-v1 once everything is written (a folder with it is reused as it is).
Usage: make-aggregate.py OUTDIR [N]"""
import datetime
import json
import os
import sys

import netCDF4
import numpy as np

out = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 365
os.makedirs(out, exist_ok=True)
lat = np.linspace(90, -90, 721)
lon = np.arange(1440) * 0.25
la, lo = np.meshgrid(np.radians(lat), np.radians(lon), indexing="ij")
day0 = datetime.date(2023, 1, 1)
hours0 = (day0 - datetime.date(1900, 1, 1)).days * 24
names = []
for d in range(N):
    name = f"t2m_{(day0 + datetime.timedelta(days=d)).strftime('%Y%m%d')}.nc"
    names.append(name)
    path = os.path.join(out, name)
    if os.path.exists(path + ".done"):
        continue
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.createDimension("time", None)
        ds.createDimension("latitude", 721)
        ds.createDimension("longitude", 1440)
        ds.Conventions = "CF-1.7"
        t = ds.createVariable("time", "i4", ("time",))
        t.units = "hours since 1900-01-01 00:00:00.0"
        t.calendar = "gregorian"
        t.standard_name = "time"
        t[0] = hours0 + 24 * d
        for vname, vals, units in (("latitude", lat, "degrees_north"), ("longitude", lon, "degrees_east")):
            v = ds.createVariable(vname, "f8", (vname,))
            v.units = units
            v[:] = vals
        v = ds.createVariable(
            "t2m",
            "f4",
            ("time", "latitude", "longitude"),
            zlib=True,
            complevel=4,
            shuffle=True,
            chunksizes=(1, 721, 1440),
        )
        v.units = "K"
        v.long_name = "2 metre temperature"
        season = np.sin(2 * np.pi * (d - 80) / 365)
        f = (
            250
            + 40 * np.cos(la)
            + 15 * season * np.sin(la)
            + 5 * np.sin(3 * lo - 0.2 * d) * np.cos(2 * la)
            + 2 * np.cos(7 * lo + 0.1 * d) * np.cos(la) ** 2
        )
        v[0] = f.astype("f4")
    open(path + ".done", "w").close()

rows = []
for name in names:
    size = os.path.getsize(os.path.join(out, name))
    rows.append(f'<a href="{name}">{name}</a>{" " * (51 - len(name))}01-Jan-2024 00:00 {size:>19}')
page = (
    "<html>\n<head><title>Index of /agg/</title></head>\n<body>\n<h1>Index of /agg/</h1><hr><pre>"
    + '<a href="../">../</a>\n'
    + "\n".join(rows)
    + "\n</pre><hr></body>\n</html>\n"
)
with open(os.path.join(out, "index.html"), "w") as f:
    f.write(page)
for name in names:
    os.remove(os.path.join(out, name) + ".done")
with open(os.path.join(out, ".bench-aggregate-v1"), "w") as f:
    f.write(f"{N}\n")
print(json.dumps({"ok": True, "files": N}))
