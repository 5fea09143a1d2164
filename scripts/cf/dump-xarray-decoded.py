#!/usr/bin/python3
"""What xarray decodes the Zarr fixtures to, as the reference for src/cf's decoding.

  /usr/bin/python3 scripts/cf/dump-xarray-decoded.py [fixtures_dir] [out_dir]

For every Zarr v2 dataset written by xarray listed in <fixtures_dir>/index.json (every group), writes
<out_dir>/<name>.xarray-decoded.json, `/` in names as `-` (default out_dir: <fixtures_dir>/cf):

  {"name", "source" (dataset folder, relative to the repository root), "rawValues" (the zarr-python dump of
   the raw values, when the manifest lists one), "xarray", "variables": {"/grp/var": {"kind": "numeric"|"time",
   "dtype", "shape", "dims", "coords" (data variables: names of xarray's coordinates), "bounds",
   "values": [... flat, C order; NaN as "NaN", masked times as null, times as cftime ISO strings ...]}}}

Decoding is xarray's default CF decoding (mask_and_scale, decode_times) with use_cftime=True, so times in every
calendar come out as cftime dates (isoformat). Variables xarray turns into timedeltas or text are left out.
"""
import json
import math
import os
import subprocess
import sys
import warnings

import numpy as np
import xarray as xr
import zarr

warnings.simplefilter('ignore')

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIXTURES = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, 'fixtures')
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(FIXTURES, 'cf')


def debian_version(package):
    r = subprocess.run(['dpkg-query', '-W', '-f=${Version}', package], capture_output=True, text=True, check=False)
    return r.stdout.strip() or 'unknown'


def entries(index):
    """Dataset entries of the manifest: a list, or a dict holding one (datasets / fixtures / entries) or by name."""
    if isinstance(index, list):
        return index
    for key in ('datasets', 'fixtures', 'entries'):
        if isinstance(index.get(key), list):
            return index[key]
    return [{'name': k, **v} for k, v in index.items() if isinstance(v, dict)]


def resolve(rel):
    """A manifest path: relative to the repository root (`fixtures/...`, `public/...`) or to the fixtures folder."""
    if os.path.isabs(rel):
        return rel
    for base in (REPO, FIXTURES):
        candidate = os.path.join(base, rel)
        if os.path.exists(candidate):
            return candidate
    return os.path.join(FIXTURES, rel)


def dataset_path(entry):
    for key in ('path', 'dir', 'location', 'store'):
        if isinstance(entry.get(key), str):
            return resolve(entry[key])
    return None


def is_xarray(entry):
    return any('xarray' in str(entry.get(k, '')).lower() for k in ('writer', 'dialect', 'name'))


def groups_of(path):
    """Paths of every group of a Zarr v2 hierarchy ('' for the root)."""
    root = zarr.open_group(zarr.storage.DirectoryStore(path), mode='r')
    out = ['']

    def walk(g, prefix):
        for name, sub in g.groups():
            p = f'{prefix}/{name}' if prefix else name
            out.append(p)
            walk(sub, p)

    walk(root, '')
    return out


def json_value(v):
    if v is None:
        return None
    if isinstance(v, (float, np.floating)):
        f = float(v)
        return 'NaN' if math.isnan(f) else ('Infinity' if f == math.inf else ('-Infinity' if f == -math.inf else f))
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        i = int(v)
        return i if abs(i) <= 2**53 else str(i)
    if hasattr(v, 'isoformat'):
        return v.isoformat()
    return None


def dump_variable(var):
    values = var.values
    if values.dtype.kind in 'SUm':
        return None
    if values.dtype.kind == 'O':
        flat = values.ravel().tolist()
        if not all(x is None or hasattr(x, 'calendar') or (isinstance(x, float) and math.isnan(x)) for x in flat):
            return None
        vals = [None if (x is None or isinstance(x, float)) else x.isoformat() for x in flat]
        return {'kind': 'time', 'dtype': 'cftime', 'shape': list(values.shape), 'values': vals}
    if values.dtype.kind == 'M':
        return None
    return {'kind': 'numeric', 'dtype': str(values.dtype), 'shape': list(values.shape),
            'values': [json_value(x) for x in values.ravel().tolist()]}


def dump_dataset(name, path):
    variables = {}
    for group in groups_of(path):
        ds = xr.open_zarr(path, group=group or None, consolidated=False, use_cftime=True, chunks=None)
        prefix = '/' + group if group else ''
        for vname, var in {**ds.coords, **ds.data_vars}.items():
            d = dump_variable(var)
            if d is None:
                continue
            d['dims'] = list(var.dims)
            if vname in ds.data_vars:
                d['coords'] = sorted(str(c) for c in ds[vname].coords)
            if 'bounds' in var.attrs:
                d['bounds'] = var.attrs['bounds']
            variables[f'{prefix}/{vname}'] = d
    return variables


def main():
    index_file = os.path.join(FIXTURES, 'index.json')
    with open(index_file) as f:
        index = json.load(f)
    os.makedirs(OUT, exist_ok=True)
    written = 0
    for entry in entries(index):
        name = entry.get('name')
        path = dataset_path(entry)
        if not name or not path or not os.path.isdir(path):
            continue
        if not (os.path.exists(os.path.join(path, '.zgroup')) or os.path.exists(os.path.join(path, '.zmetadata'))):
            continue  # xarray 2023.01 reads Zarr v2 groups only
        if not is_xarray(entry) or not os.path.abspath(path).startswith(os.path.abspath(FIXTURES) + os.sep):
            continue  # xarray-written fixtures only (not the demo data elsewhere)
        try:
            variables = dump_dataset(name, path)
        except Exception as e:  # noqa: BLE001 - a dataset xarray cannot open is not a reference
            print(f'skip {name}: {type(e).__name__}: {e}', file=sys.stderr)
            continue
        if not variables:
            continue
        source = os.path.relpath(os.path.abspath(path), REPO)
        doc = {'name': name, 'source': os.path.abspath(path) if source.startswith('..') else source, 'generator': 'scripts/cf/dump-xarray-decoded.py',
               'xarray': debian_version('python3-xarray'), 'cftime': debian_version('python3-cftime'),
               'variables': variables}
        values = (entry.get('expected') or {}).get('values')
        if isinstance(values, str) and os.path.exists(resolve(values)):
            doc['rawValues'] = os.path.relpath(os.path.abspath(resolve(values)), REPO)
        with open(os.path.join(OUT, f'{name.replace("/", "-")}.xarray-decoded.json'), 'w') as f:
            json.dump(doc, f)
            f.write('\n')
        written += 1
        print(f'{name}: {len(variables)} variables')
    print(f'{written} datasets written to {OUT}')


if __name__ == '__main__':
    main()
