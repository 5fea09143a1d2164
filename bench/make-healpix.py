#!/usr/bin/python3
"""HEALPix zoom-level pyramid benchmark store, written at bench time by xarray and zarr-python (Debian
/usr/bin/python3) as the km-scale hackathon outputs lay it out: groups zoom_0 … zoom_10 (nside 1 … 1024, nested
order), each with
  tas (time, cell) float32, 1 step, 12·nside² cells in chunks of 4⁸ = 65,536 cells (a level's whole cells below),
  crs () with grid_mapping_name "healpix", healpix_nside and healpix_order "nest";
zoom_10 holds 12,582,912 cells (192 chunks). The field is smooth on the sphere (from healpy's cell centres) and
each coarser level is the mean of its four children, as the hackathon's coarsening writes it. Metadata
consolidated at the root (.zmetadata).
Usage: make-healpix.py OUT.zarr"""
import shutil
import sys

import healpy as hp
import numpy as np
import xarray as xr
import zarr

out = sys.argv[1]
ZOOM = 10
CHUNK = 4**8

nside = 2**ZOOM
lon, lat = hp.pix2ang(nside, np.arange(12 * nside * nside), nest=True, lonlat=True)
lam, phi = np.radians(lon), np.radians(lat)
field = (288 - 30 * np.sin(phi) ** 2 + 5 * np.cos(3 * lam) * np.cos(phi) + 2 * np.sin(7 * lam + 5 * phi)).astype(
    np.float32
)
del lon, lat, lam, phi

shutil.rmtree(out, ignore_errors=True)
for zoom in range(ZOOM, -1, -1):
    n = 2**zoom
    npix = 12 * n * n
    ds = xr.Dataset(
        {
            "tas": (
                ("time", "cell"),
                field[None, :],
                {"long_name": "near-surface air temperature", "units": "K", "grid_mapping": "crs"},
            ),
            "crs": ((), np.int32(0), {"grid_mapping_name": "healpix", "healpix_nside": np.int32(n),
                                      "healpix_order": "nest"}),
        },
        coords={"time": ("time", np.array([0], dtype=np.int32), {"units": "days since 2020-01-01"})},
    )
    ds.to_zarr(out, group=f"zoom_{zoom}", mode="a", consolidated=False,
               encoding={"tas": {"chunks": (1, min(npix, CHUNK))}})
    # The next coarser level: the mean of each cell's four children (nested order keeps them together).
    field = field.reshape(-1, 4).mean(axis=1, dtype=np.float64).astype(np.float32)
zarr.consolidate_metadata(out)
print(f"{out}: zoom_0 … zoom_{ZOOM} (nside 1 … {nside})")
