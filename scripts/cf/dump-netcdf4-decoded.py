#!/usr/bin/python3
"""What netCDF4-python (Debian python3-netcdf4 on libnetcdf 4.9.0) decodes the Zarr/NCZarr fixtures to, with
its auto mask/scale: the reference for src/cf's `cf` mode on real files.

  /usr/bin/python3 scripts/cf/dump-netcdf4-decoded.py [fixtures_dir] [out_dir]

For the datasets of <fixtures_dir>/index.json that libnetcdf 4.9.0 reads correctly — those it wrote itself and
zarr-python's, uncompressed C-order arrays only (4.9.0 ignores `order: F`, has no filters and returns garbage for compressed chunks, and
misreads 4.9.3's `"NaN"` attributes) — opened as `file://<path>#mode=<mode>`, each in its own process (that
version crashes on some inputs), writes <out_dir>/<name>.netcdf4-decoded.json
(`/` in names as `-`): {"name", "source", "rawValues", "variables": {"/grp/var": {"dtype", "values": [flat;
masked as null; NaN as "NaN"]}}}. Text and compound variables are left out.
"""
import json
import math
import os
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIXTURES = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, 'fixtures')
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(FIXTURES, 'cf')

# Codec and key-count fixtures: large, and nothing CF about them.
SKIP = {'zarr-python/codecs-common', 'zarr-python/codecs-numcodecs', 'zarr-python/many-keys', 'zarr-python/many-arrays'}

CHILD = r'''
import json, math, sys, warnings
import netCDF4, numpy as np
warnings.simplefilter('ignore')
ds = netCDF4.Dataset(sys.argv[1])
out = {}
def value(x, m):
    if m:
        return None
    if isinstance(x, float):
        return 'NaN' if math.isnan(x) else ('Infinity' if x == math.inf else ('-Infinity' if x == -math.inf else x))
    return x if abs(int(x)) <= 2**53 else str(int(x))
def walk(g, prefix):
    for name, v in g.variables.items():
        if v.dtype == str or not hasattr(v.dtype, 'kind') or v.dtype.kind not in 'iuf':
            continue
        v.set_auto_maskandscale(True)
        a = np.ma.asarray(v[...])
        mask = np.ma.getmaskarray(a).ravel().tolist()
        data = np.ma.getdata(a).ravel().tolist()
        out[prefix + '/' + name] = {'dtype': str(a.dtype), 'values': [value(x, m) for x, m in zip(data, mask)]}
    for name, sub in g.groups.items():
        walk(sub, prefix + '/' + name)
walk(ds, '')
print(json.dumps(out))
'''


def resolve(rel):
    if os.path.isabs(rel):
        return rel
    for base in (REPO, FIXTURES):
        if os.path.exists(os.path.join(base, rel)):
            return os.path.join(base, rel)
    return os.path.join(FIXTURES, rel)


def uncompressed(root, var_path):
    meta = os.path.join(root, var_path.lstrip('/'), '.zarray')
    if not os.path.exists(meta):
        return False
    with open(meta) as f:
        z = json.load(f)
    return not z.get('compressor') and not z.get('filters') and z.get('order', 'C') == 'C'


def main():
    with open(os.path.join(FIXTURES, 'index.json')) as f:
        index = json.load(f)
    written = 0
    for entry in index.get('datasets', []):
        name, mode = entry.get('name'), entry.get('mode', '')
        path = resolve(entry.get('path', ''))
        if not name or 'zarr' not in mode or not os.path.isdir(path):
            continue
        if '4.9.0' not in entry.get('writer', '') and not name.startswith('zarr-python/'):
            continue
        if not os.path.abspath(path).startswith(os.path.abspath(FIXTURES) + os.sep) or name in SKIP:
            continue
        r = subprocess.run(['/usr/bin/python3', '-c', CHILD, f'file://{os.path.abspath(path)}#mode={mode}'],
                           capture_output=True, text=True, timeout=120, check=False)
        if r.returncode != 0 or not r.stdout.strip():
            print(f'skip {name}: netCDF4-python cannot read it', file=sys.stderr)
            continue
        variables = {k: v for k, v in json.loads(r.stdout).items() if uncompressed(path, k)}
        if not variables:
            continue
        doc = {'name': name, 'source': os.path.relpath(os.path.abspath(path), REPO), 'mode': mode,
               'generator': 'scripts/cf/dump-netcdf4-decoded.py', 'variables': variables}
        values = (entry.get('expected') or {}).get('values')
        if isinstance(values, str) and os.path.exists(resolve(values)):
            doc['rawValues'] = os.path.relpath(os.path.abspath(resolve(values)), REPO)
        with open(os.path.join(OUT, f'{name.replace("/", "-")}.netcdf4-decoded.json'), 'w') as f:
            json.dump(doc, f)
            f.write('\n')
        written += 1
        print(f'{name}: {len(variables)} variables')
    print(f'{written} datasets written to {OUT}')


if __name__ == '__main__':
    main()
