#!/usr/bin/env python3
"""Checks the synthetic stores (bench/synthetic/) with zarr-python, an independent reader.

Starts `node bench/synthetic/cli.mjs`, opens pyramid.zarr and big.zarr over HTTP (fsspec + aiohttp, consolidated
metadata), checks the metadata (OME-NGFF 0.4 multiscales, shapes, chunks, dtype, codec, fill value, dimension
names) and reads a few chunks of every level: the first, one in the middle and the last (an edge chunk), each
compared bit for bit with f computed here in numpy from the formula documented in field.mjs. The raw bytes of an
edge chunk are decompressed to check it is full-size with NaN past the edge, as Zarr v2 writes it.

    /usr/bin/python3 bench/synthetic/check-with-zarr.py      (exit 0 and "ok" lines when everything matches)
"""
import math
import os
import subprocess
import sys

import fsspec
import numcodecs
import numpy as np
import zarr

HEIGHT, WIDTH, LEVELS, CHUNK = 21600, 43200, 7, 512
HERE = os.path.dirname(os.path.abspath(__file__))


def bump(t):
    u = t - np.floor(t)
    v = u * (1 - u)
    return 16 * v * v


def f(y, x):
    """field.mjs's f, in float64 in the same order, rounded once to float32."""
    y = np.asarray(y, dtype=np.float64)
    x = np.asarray(x, dtype=np.float64)
    v = (
        250
        + 40 * bump(x / 14400 + y / 21600)
        + 12 * bump((x + 2 * y) / 2700)
        + 3 * bump((3 * x - y) / 173)
        + 0.5 * bump((7 * x + 13 * y) / 61.3)
        - 30 * (y / 21600)
    )
    return v.astype(np.float32)


def expected(k, r0, r1, c0, c1):
    s = 2**k
    i, j = np.meshgrid(np.arange(r0, r1), np.arange(c0, c1), indexing="ij")
    return f(i * s, j * s)


def check_array(arr, k, label):
    shape = (math.ceil(HEIGHT / 2**k), math.ceil(WIDTH / 2**k))
    assert arr.shape == shape, (label, arr.shape, shape)
    assert arr.chunks == (CHUNK, CHUNK), (label, arr.chunks)
    assert arr.dtype == np.dtype("<f4"), (label, arr.dtype)
    assert arr.compressor == numcodecs.Zlib(level=1), (label, arr.compressor)
    assert math.isnan(arr.fill_value), (label, arr.fill_value)
    assert arr.attrs["_ARRAY_DIMENSIONS"] == ["y", "x"], (label, dict(arr.attrs))
    gy, gx = math.ceil(shape[0] / CHUNK), math.ceil(shape[1] / CHUNK)
    for ci, cj in sorted({(0, 0), (gy // 2, gx // 2), (gy - 1, gx - 1)}):
        r0, c0 = ci * CHUNK, cj * CHUNK
        r1, c1 = min(shape[0], r0 + CHUNK), min(shape[1], c0 + CHUNK)
        got = arr[r0:r1, c0:c1]
        want = expected(k, r0, r1, c0, c1)
        assert got.tobytes() == want.tobytes(), f"{label} chunk {ci}.{cj} differs from f"
    # The last chunk as stored: full-size, NaN past the edge.
    raw = numcodecs.Zlib(level=1).decode(arr.chunk_store[f"{arr.path}/{gy - 1}.{gx - 1}"])
    full = np.frombuffer(raw, dtype="<f4").reshape(CHUNK, CHUNK)
    rows, cols = shape[0] - (gy - 1) * CHUNK, shape[1] - (gx - 1) * CHUNK
    assert np.isnan(full[rows:, :]).all() and np.isnan(full[:, cols:]).all(), f"{label}: edge padding is not NaN"
    assert not np.isnan(full[:rows, :cols]).any(), f"{label}: NaN inside the array"
    print(f"ok {label}: shape {shape}, chunks (0,0) ({gy // 2},{gx // 2}) ({gy - 1},{gx - 1}) equal f, edge chunk full-size")


def main():
    node = subprocess.Popen(
        ["node", os.path.join(HERE, "cli.mjs"), "--until-stdin-closes"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        base = node.stdout.readline().strip()
        assert base.startswith("http://"), base
        fs = fsspec.filesystem("http")
        pyramid = zarr.open_consolidated(fs.get_mapper(f"{base}/pyramid.zarr"), mode="r")
        ms = pyramid.attrs["multiscales"]
        assert len(ms) == 1 and ms[0]["version"] == "0.4", ms
        assert ms[0]["axes"] == [{"name": "y", "type": "space"}, {"name": "x", "type": "space"}], ms[0]["axes"]
        want = [
            {"path": str(k), "coordinateTransformations": [{"type": "scale", "scale": [2**k, 2**k]}]}
            for k in range(LEVELS)
        ]
        assert ms[0]["datasets"] == want, ms[0]["datasets"]
        assert sorted(pyramid.array_keys()) == [str(k) for k in range(LEVELS)], list(pyramid.array_keys())
        print("ok pyramid.zarr: consolidated, OME-NGFF 0.4 multiscales of 7 levels")
        for k in range(LEVELS):
            check_array(pyramid[str(k)], k, f"pyramid.zarr/{k}")
        big = zarr.open_consolidated(fs.get_mapper(f"{base}/big.zarr"), mode="r")
        assert list(big.array_keys()) == ["field"] and "multiscales" not in big.attrs, dict(big.attrs)
        check_array(big["field"], 0, "big.zarr/field")
    finally:
        node.stdin.close()
        node.wait(timeout=10)
    print("all synthetic stores match f")


if __name__ == "__main__":
    sys.exit(main())
