"""CF discrete sampling geometry fixtures and the names netCDF4-python reads from them.

Writes fixtures/cf/dsg/stations.nc (netCDF4-python): a char `station_id(station, id_strlen)` with
cf_role = "timeseries_id" (names padded with NULs and with trailing spaces), an NC_STRING `platform(platform)` named
in a data variable's `coordinates`, and a plain dimension without names. Then fixtures/cf/dsg/names.json: per
file, per label variable, the strings netCDF4-python reads (char arrays through chartostring, trailing spaces
trimmed as the viewer's labels are). The demo's station names are read from the CDL that made it
(scripts/fixtures/cdl/demo-groups.cdl, through Debian ncgen to a netCDF-4 file).

Run: /usr/bin/python3 scripts/cf/make-dsg.py
"""
import json
import os
import subprocess
import tempfile

import netCDF4
import numpy as np

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "fixtures", "cf", "dsg")


def names(var):
    """Strings of a text variable as netCDF4-python reads them, trailing spaces trimmed."""
    values = var[:]
    if var.dtype == "S1":
        values = netCDF4.chartostring(values)
    return [str(v).rstrip(" ") for v in np.asarray(values).tolist()]


def write_stations(path):
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.featureType = "timeSeries"
        ds.Conventions = "CF-1.8"
        ds.createDimension("station", 3)
        ds.createDimension("id_strlen", 6)
        ds.createDimension("platform", 2)
        ds.createDimension("time", 4)
        ds.createDimension("sample", 5)
        sid = ds.createVariable("station_id", "S1", ("station", "id_strlen"))
        sid.cf_role = "timeseries_id"
        sid.long_name = "station id"
        sid[:] = netCDF4.stringtochar(np.array(["AB1", "C D  ", "xyzxyz"], dtype="S6"))
        plat = ds.createVariable("platform_name", str, ("platform",))
        plat[0] = "Polarstern"
        plat[1] = "Ny-Ålesund"
        t = ds.createVariable("time", "f8", ("time",))
        t.units = "hours since 2024-01-01"
        t[:] = np.arange(4)
        temp = ds.createVariable("temperature", "f4", ("station", "time"))
        temp.units = "K"
        temp[:] = np.arange(12, dtype="f4").reshape(3, 4)
        wind = ds.createVariable("wind", "f4", ("platform", "sample"))
        wind.coordinates = "platform_name"
        wind[:] = np.arange(10, dtype="f4").reshape(2, 5)
        plain = ds.createVariable("plain", "f4", ("sample",))
        plain[:] = np.arange(5, dtype="f4")


def demo_names():
    cdl = os.path.join(REPO, "scripts", "fixtures", "cdl", "demo-groups.cdl")
    with tempfile.TemporaryDirectory() as tmp:
        nc = os.path.join(tmp, "demo.nc")
        subprocess.run(["/usr/bin/ncgen", "-4", "-o", nc, cdl], check=True)
        with netCDF4.Dataset(nc) as ds:
            return names(ds["station_name"])


def main():
    os.makedirs(OUT, exist_ok=True)
    stations = os.path.join(OUT, "stations.nc")
    if os.path.exists(stations):
        os.remove(stations)
    write_stations(stations)
    with netCDF4.Dataset(stations) as ds:
        out = {
            "stations.nc": {
                "/station_id": names(ds["station_id"]),
                "/platform_name": names(ds["platform_name"]),
            },
            "demo/nczarr-groups.file": {"/station_name": demo_names()},
        }
    with open(os.path.join(OUT, "names.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
