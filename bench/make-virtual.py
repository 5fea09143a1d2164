#!/usr/bin/python3
"""Write the data of the virtual-store benchmarks (npm run bench, bench/virtual.ts), once:
  nc/field.nc          netCDF-4 (netCDF4-python): t(time=6, lat=1440, lon=2880) float32, chunks 1 x 120 x 240
                       (144 chunks per time step, 864 in all), zlib level 4 + shuffle; lat, lon, time contiguous
  nc/field.refs.json   a kerchunk reference set (version 1) of that file, written from h5py's chunk index
                       (`get_chunk_info`: byte offset and size of every chunk), its targets relative to the JSON
                       ("field.nc"): `.zgroup`, `.zattrs`, each variable's `.zarray` (zarr v2: dtype, chunks,
                       compressor zlib, filter shuffle, fill_value, order C) and `.zattrs` (`_ARRAY_DIMENSIONS`)
  zarr3/               a plain Zarr v3 folder: t(time=3, y=4096, x=4096) float32, chunks 1 x 256 x 256 (256 chunks
                       per time step), codecs bytes (little-endian) + zstd level 3 (numcodecs' Zstd, no checksum),
                       chunk keys `c/i/j/k`; y, x, time one chunk each; the root zarr.json holds the hierarchy's
                       metadata inline (`consolidated_metadata`, as zarr-python 3 writes it), as a folder served
                       over HTTP needs. bench/make-virtual-icechunk.mjs writes the same zarr.json documents and
                       chunk bytes into an Icechunk repository.
Usage: make-virtual.py OUTDIR   (prints the sizes of what it wrote as JSON)"""
import json
import os
import shutil
import sys

import h5py
import netCDF4
import numpy as np
from numcodecs import Zstd

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261126)


def field(ny, nx, k):
    """A smooth temperature-like field with a little noise (so the compressors meet realistic mantissas)."""
    lat = np.linspace(-90, 90, ny, dtype="f8")[:, None]
    lon = np.linspace(0, 360, nx, endpoint=False, dtype="f8")[None, :]
    v = (
        273.15
        + 25 * np.cos(np.radians(lat))
        + 6 * np.sin(np.radians(2 * lon + 10 * k)) * np.cos(np.radians(lat))
        + 0.5 * k
        + rng.normal(0, 0.05, (ny, nx))
    )
    return v.astype("f4")


# ---------------------------------------------------------------------------------------------------------------
# netCDF-4 file and its kerchunk references

NC_SHAPE = (6, 1440, 2880)
NC_CHUNKS = (1, 120, 240)
NC_LEVEL = 4
HDF5_INTERNAL = {"DIMENSION_LIST", "REFERENCE_LIST", "CLASS", "NAME", "_Netcdf4Dimid", "_Netcdf4Coordinates", "_NCProperties"}


def write_nc(path):
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.title = "Zarrview benchmark field"
        ds.Conventions = "CF-1.8"
        nt, ny, nx = NC_SHAPE
        ds.createDimension("time", nt)
        ds.createDimension("lat", ny)
        ds.createDimension("lon", nx)
        time = ds.createVariable("time", "f8", ("time",))
        time.units = "days since 2000-01-01"
        time.calendar = "standard"
        time[:] = np.arange(nt, dtype="f8")
        lat = ds.createVariable("lat", "f4", ("lat",))
        lat.units = "degrees_north"
        lat.standard_name = "latitude"
        lat[:] = np.linspace(-90, 90, ny, dtype="f4")
        lon = ds.createVariable("lon", "f4", ("lon",))
        lon.units = "degrees_east"
        lon.standard_name = "longitude"
        lon[:] = np.linspace(0, 360, nx, endpoint=False, dtype="f4")
        t = ds.createVariable(
            "t", "f4", ("time", "lat", "lon"), zlib=True, complevel=NC_LEVEL, shuffle=True, chunksizes=NC_CHUNKS
        )
        t.units = "K"
        t.long_name = "air temperature"
        t.standard_name = "air_temperature"
        for k in range(nt):
            t[k] = field(ny, nx, k)


def attr_value(v):
    if isinstance(v, bytes):
        return v.decode("utf-8")
    if isinstance(v, np.ndarray):
        return [attr_value(x) for x in v.tolist()] if v.size != 1 else attr_value(v.reshape(-1)[0])
    if isinstance(v, np.generic):
        return v.item()
    return v


def attrs_of(obj):
    return {k: attr_value(v) for k, v in obj.attrs.items() if k not in HDF5_INTERNAL}


def fill_json(x):
    x = float(x) if np.issubdtype(type(x), np.floating) else int(x)
    if isinstance(x, float) and not np.isfinite(x):
        return "NaN" if np.isnan(x) else ("Infinity" if x > 0 else "-Infinity")
    return x


def write_refs(nc_path, refs_path):
    """kerchunk's HDF5 translation for this file, by hand: every chunk a [url, offset, length] into the file."""
    target = os.path.basename(nc_path)
    refs = {".zgroup": json.dumps({"zarr_format": 2})}
    with h5py.File(nc_path, "r") as f:
        refs[".zattrs"] = json.dumps(attrs_of(f))
        for name in ("time", "lat", "lon", "t"):
            d = f[name]
            dims = {"time": ["time"], "lat": ["lat"], "lon": ["lon"], "t": ["time", "lat", "lon"]}[name]
            zattrs = {**attrs_of(d), "_ARRAY_DIMENSIONS": dims}
            if d.chunks is None:
                # Contiguous: one chunk, the whole variable.
                chunks = list(d.shape)
                compressor, filters = None, None
                refs[f"{name}/{'.'.join('0' for _ in d.shape)}"] = [target, d.id.get_offset(), d.id.get_storage_size()]
            else:
                chunks = list(d.chunks)
                if d.compression != "gzip" or not d.shuffle or d.fletcher32 or d.scaleoffset:
                    raise SystemExit(f"{name}: unexpected filters")
                compressor = {"id": "zlib", "level": int(d.compression_opts)}
                filters = [{"id": "shuffle", "elementsize": d.dtype.itemsize}]
                for i in range(d.id.get_num_chunks()):
                    c = d.id.get_chunk_info(i)
                    if c.filter_mask != 0:
                        raise SystemExit(f"{name}: chunk {i} skips a filter")
                    key = ".".join(str(o // s) for o, s in zip(c.chunk_offset, d.chunks))
                    refs[f"{name}/{key}"] = [target, c.byte_offset, c.size]
            zarray = {
                "zarr_format": 2,
                "shape": list(d.shape),
                "chunks": chunks,
                "dtype": d.dtype.str,
                "compressor": compressor,
                "filters": filters,
                "fill_value": fill_json(d.fillvalue),
                "order": "C",
            }
            refs[f"{name}/.zarray"] = json.dumps(zarray)
            refs[f"{name}/.zattrs"] = json.dumps(zattrs)
    with open(refs_path, "w") as fh:
        json.dump({"version": 1, "refs": refs}, fh)


# ---------------------------------------------------------------------------------------------------------------
# Plain Zarr v3

Z_SHAPE = (3, 4096, 4096)
Z_CHUNKS = (1, 256, 256)
ZSTD = {"name": "zstd", "configuration": {"level": 3, "checksum": False}}
BYTES = {"name": "bytes", "configuration": {"endian": "little"}}


def array_meta(shape, dtype, chunks, dims, attrs, fill="NaN"):
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": list(shape),
        "data_type": dtype,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": list(chunks)}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": fill,
        "codecs": [BYTES, ZSTD],
        "attributes": attrs,
        "dimension_names": dims,
    }


def write_zarr3(root):
    zstd = Zstd(level=3)
    nt, ny, nx = Z_SHAPE
    arrays = {
        "time": array_meta([nt], "float64", [nt], ["time"], {"units": "days since 2000-01-01", "calendar": "standard"}),
        "y": array_meta([ny], "float32", [ny], ["y"], {"units": "degrees_north", "standard_name": "latitude"}),
        "x": array_meta([nx], "float32", [nx], ["x"], {"units": "degrees_east", "standard_name": "longitude"}),
        "t": array_meta(
            Z_SHAPE, "float32", Z_CHUNKS, ["time", "y", "x"],
            {"units": "K", "long_name": "air temperature", "standard_name": "air_temperature"},
        ),
    }
    values = {
        "time": np.arange(nt, dtype="<f8"),
        "y": np.linspace(-90, 90, ny, dtype="<f4"),
        "x": np.linspace(0, 360, nx, endpoint=False, dtype="<f4"),
    }

    def put(key, data):
        p = os.path.join(root, key)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as fh:
            fh.write(data)

    root_meta = {
        "zarr_format": 3,
        "node_type": "group",
        "attributes": {"title": "Zarrview benchmark field", "Conventions": "CF-1.8"},
        "consolidated_metadata": {"kind": "inline", "must_understand": False, "metadata": arrays},
    }
    put("zarr.json", json.dumps(root_meta).encode())
    for name, meta in arrays.items():
        put(f"{name}/zarr.json", json.dumps(meta).encode())
    for name, v in values.items():
        put(f"{name}/c/0", zstd.encode(v.tobytes()))
    cy, cx = Z_CHUNKS[1:]
    for k in range(nt):
        f = field(ny, nx, k)
        for i in range(ny // cy):
            for j in range(nx // cx):
                block = np.ascontiguousarray(f[i * cy:(i + 1) * cy, j * cx:(j + 1) * cx], dtype="<f4")
                put(f"t/c/{k}/{i}/{j}", zstd.encode(block.tobytes()))


def once(path, write):
    """Writes `path` through `write(tmp)` unless it exists; a run that stops leaves nothing half-written."""
    if os.path.exists(path):
        return
    tmp = path + ".part"
    if os.path.isdir(tmp):
        shutil.rmtree(tmp)
    elif os.path.exists(tmp):
        os.remove(tmp)
    write(tmp)
    os.rename(tmp, path)


def tree_size(p):
    if os.path.isfile(p):
        return os.path.getsize(p)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(p) for f in fs)


os.makedirs(os.path.join(out, "nc"), exist_ok=True)
nc = os.path.join(out, "nc", "field.nc")
refs = os.path.join(out, "nc", "field.refs.json")
if not os.path.exists(nc) and os.path.exists(refs):
    os.remove(refs)
once(nc, write_nc)
once(refs, lambda tmp: write_refs(nc, tmp))
once(os.path.join(out, "zarr3"), write_zarr3)
print(json.dumps({k: tree_size(os.path.join(out, k)) for k in ("nc/field.nc", "nc/field.refs.json", "zarr3")}))
