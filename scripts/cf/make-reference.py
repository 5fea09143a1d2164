#!/usr/bin/python3
"""Reference cases for src/cf, computed by independent implementations (Debian python3-cftime,
python3-netcdf4, python3-xarray).

  /usr/bin/python3 scripts/cf/make-reference.py [out_dir]   (default: fixtures/cf)

Writes:
  time-cases.json     num2date(value, units, calendar, only_use_cftime_datetimes=True).isoformat()
                      for calendars x units x reference dates x edge values, reference dates cftime
                      rejects, and date2num cases (date -> value).
  ncdump-time-cases.json  what `ncdump -t` (Debian netcdf-bin) prints for time values with non-negative
                      years, for the compact date form of the CLI.
  packing-cases.json  small netCDF-4 files written with netCDF4-python (auto mask/scale off), read back
                      raw and with netCDF4-python's auto mask/scale, plus what xarray's CF decoder
                      (conventions.decode_cf_variable) makes of the same raw values and attributes.

The parts: reference_time.py (num2date / date2num and `ncdump -t` cases), reference_packing.py (packing and
masking cases).
"""
import json
import os
import subprocess
import sys
import warnings

import cftime
import netCDF4
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_packing import packing_cases  # noqa: E402
from reference_time import encode_cases, ncdump_time_cases, time_cases  # noqa: E402

warnings.simplefilter('ignore')
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'cf')


def debian_version(package):
    """Version of a Debian package (python3-xarray's own metadata says 999)."""
    r = subprocess.run(['dpkg-query', '-W', '-f=${Version}', package], capture_output=True, text=True, check=False)
    return r.stdout.strip() or 'unknown'


def write_lines(f, doc):
    """JSON with one case per line (readable diffs, small file)."""
    f.write('{\n')
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        f.write(json.dumps(k) + ': ')
        if isinstance(v, list):
            f.write('[\n' + ',\n'.join(json.dumps(c) for c in v) + '\n]')
        else:
            f.write(json.dumps(v))
        f.write(',\n' if i < len(items) - 1 else '\n')
    f.write('}\n')


def main():
    os.makedirs(OUT, exist_ok=True)
    t = time_cases()
    meta = {'generator': 'scripts/cf/make-reference.py', 'cftime': cftime.__version__,
            'netCDF4': netCDF4.__version__, 'xarray': debian_version('python3-xarray'), 'numpy': np.__version__}
    with open(os.path.join(OUT, 'time-cases.json'), 'w') as f:
        write_lines(f, {**meta, 'decode': t, 'encode': encode_cases()})
    with open(os.path.join(OUT, 'ncdump-time-cases.json'), 'w') as f:
        write_lines(f, {**meta, 'ncdump': debian_version('netcdf-bin'), 'cases': ncdump_time_cases()})
    p = packing_cases()
    with open(os.path.join(OUT, 'packing-cases.json'), 'w') as f:
        write_lines(f, {**meta, 'cases': p})
    ok = sum(1 for c in t if 'expected' in c)
    print(f'time: {len(t)} decode cases ({ok} dates, {len(t) - ok} errors); packing: {len(p)} cases')


if __name__ == '__main__':
    main()
