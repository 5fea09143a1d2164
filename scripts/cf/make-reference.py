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
"""
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import warnings

import cftime
import netCDF4
import numpy as np
import xarray as xr

warnings.simplefilter('ignore')
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'cf')

CALENDARS = ['standard', 'gregorian', 'proleptic_gregorian', 'julian', 'noleap', '365_day',
             'all_leap', '366_day', '360_day']


def jnum(v):
    """A JSON-safe number: ints beyond 2^53 as strings, non-finite floats as strings."""
    if isinstance(v, (int, np.integer)):
        v = int(v)
        return v if abs(v) <= 2**53 else str(v)
    v = float(v)
    if math.isnan(v):
        return 'NaN'
    if math.isinf(v):
        return 'Infinity' if v > 0 else '-Infinity'
    return v


# ---------------------------------------------------------------------------------------------- time
def decode_case(value, units, calendar, tag):
    case = {'tag': tag, 'units': units, 'calendar': calendar, 'value': jnum(value),
            'valueType': 'int' if isinstance(value, (int, np.integer)) else 'float'}
    try:
        v = np.int64(value) if case['valueType'] == 'int' else np.float64(value)
        d = cftime.num2date(v, units, calendar, only_use_cftime_datetimes=True)
        case['expected'] = d.isoformat()
    except Exception as e:  # noqa: BLE001 - recorded as an expected failure
        case['error'] = f'{type(e).__name__}: {e}'
    return case


def time_cases():
    cases = []
    rng = random.Random(20261122)
    units_list = ['microseconds', 'milliseconds', 'seconds', 'minutes', 'hours', 'days',
                  'secs', 'hrs', 'd', 'msec', 'mins', 'hour', 'day']
    refs = ['1970-01-01', '1-1-1', '2000-01-01 00:00:00', '1970-01-01T00:00:00Z',
            '1970-01-01 00:00:00 +05:30', '1850-01-01 12:00:00.5', '1900-1-1 0:0:0 -0800',
            '0001-01-01T00:00:00', '2000-03-01 06:30', '1582-10-15 00:00:00', '1582-10-04T12:00:00']
    base_values = [0, 1, -1, 0.5, -0.5, 59, 60, 365, 366, 1e5, -1e5, 0.1, 1 / 3, 12345.678,
                   -12345.678, 2.5e-7, 0.9999995, 1.0000001]
    # calendars x units x references x values (sampled so the file stays small)
    for cal in CALENDARS:
        for unit in units_list:
            for ref in refs:
                units = f'{unit} since {ref}'
                for v in rng.sample(base_values, 2):
                    cases.append(decode_case(v, units, cal, 'grid'))
                cases.append(decode_case(rng.randint(-10**6, 10**6), units, cal, 'grid-int'))
    # random fractional values in every unit (rounding to the microsecond)
    for cal in CALENDARS:
        for unit in ['seconds', 'minutes', 'hours', 'days', 'milliseconds']:
            for _ in range(6):
                mag = 10 ** rng.uniform(-3, 6)
                v = rng.choice([-1, 1]) * mag
                cases.append(decode_case(v, f'{unit} since 1970-01-01', cal, 'random-fraction'))
    # values 1 microsecond (or less) off a whole second: cftime snaps them to the second (issue #187)
    for cal in ['standard', 'noleap', '360_day']:
        for v, unit in [(1.00000099, 'seconds'), (0.99999901, 'seconds'), (-1.00000099, 'seconds'),
                        (-0.99999901, 'seconds'), (59.9999991, 'seconds'), (1.0000006, 'seconds'),
                        (1 / 60 + 0.99e-6 / 60, 'minutes'), (1 / 86400 - 0.99e-6 / 86400, 'days'),
                        (1.00000099, 'milliseconds'), (1.0000009, 'microseconds')]:
            cases.append(decode_case(v, f'{unit} since 2000-01-01', cal, 'snap'))
    # leap days and month ends
    for cal in CALENDARS:
        for ref in ['2000-02-28', '1900-02-28', '1500-02-28', '2100-02-28', '4-02-28', '2001-02-28']:
            for v in [1, 2, 365, 366, -365]:
                cases.append(decode_case(v, f'days since {ref}', cal, 'leap'))
        cases.append(decode_case(29, 'days since 2000-02-01', cal, 'leap'))
        cases.append(decode_case(59, 'days since 2000-01-01', cal, 'leap'))
    # the 1582 Julian -> Gregorian switch
    for cal in ['standard', 'gregorian', 'julian', 'proleptic_gregorian']:
        for v in [-2, -1, 0, 1, 2, 10, 11, 0.5, 86399.999]:
            cases.append(decode_case(v, 'days since 1582-10-04', cal, 'gap'))
            cases.append(decode_case(-v, 'days since 1582-10-15', cal, 'gap'))
        for v in [86399, 86400, 86401, -1]:
            cases.append(decode_case(v, 'seconds since 1582-10-04 00:00:00', cal, 'gap'))
    # negative years and year zero
    for cal in CALENDARS:
        for units in ['days since -100-03-01', 'days since 1-1-1', 'hours since -4712-01-01 12:00']:
            for v in [-1, -366, -1000000, 0, 36525.25, -0.25]:
                cases.append(decode_case(v, units, cal, 'negative-year'))
    for cal in ['noleap', '360_day', 'all_leap', 'proleptic_gregorian']:
        for v in [-1, 0, 1, 400]:
            cases.append(decode_case(v, 'days since 0-1-1', cal, 'year-zero'))
    # large values
    for cal in CALENDARS:
        for v, unit in [(2_000_000, 'days'), (-2_000_000, 'days'), (10**12, 'seconds'), (-10**12, 'seconds'),
                        (9_000_000_000_000_000, 'microseconds'), (1.5e9, 'minutes'), (3.0e17, 'microseconds'),
                        (1e8, 'days'), (2**40 + 0.5, 'milliseconds')]:
            cases.append(decode_case(v, f'{unit} since 1970-01-01', cal, 'large'))
    # units cftime knows only for some calendars
    for v in [0, 1, 11, 12, 13, -1, 2.5, 1200]:
        cases.append(decode_case(v, 'months since 2000-01-01', '360_day', 'months'))
        cases.append(decode_case(v, 'common_years since 2000-01-01', 'noleap', 'common-years'))
        cases.append(decode_case(v, 'common_years since 2000-01-01', '365_day', 'common-years'))
    # 360_day dates that only it has
    for v in [29, 30, 59, 359, 360, -1]:
        cases.append(decode_case(v, 'days since 2000-02-30', '360_day', '360-day'))
    # spellings of the units string
    for units in ['Days SINCE 2000-01-01', 'days  since  2000-01-01  ', 'hours since 2000-01-01 1:2',
                  'hours since 2000-01-01 1:2:3.5 -0800', 'seconds since 2000-01-01T12:00:00.123456789',
                  'days since 1970-01-01 00:00:00 UTC', 'days since 1970-01-01Z', 'days since 1970-1-1 0:0:0 -10',
                  'days since 1970-01-01 00:00:00 +0530', 'minutes since 1970-01-01T00:00:00.000001Z',
                  'days since 2000-01-01 12', 'days since +2000-01-01', 'days since 1970-01-01 05:00 Z']:
        for cal in ['standard', 'noleap', '360_day']:
            cases.append(decode_case(1.25, units, cal, 'spelling'))
    # reference dates a calendar does not have (errors)
    for units, cal in [('days since 2001-02-29', 'noleap'), ('days since 2000-02-29', 'noleap'),
                       ('days since 2000-01-31', '360_day'), ('days since 1582-10-10', 'standard'),
                       ('days since 0-1-1', 'standard'), ('days since 0-1-1', 'julian'),
                       ('days since 2001-02-29', 'standard'), ('days since 2000-13-01', 'proleptic_gregorian'),
                       ('days after 2000-01-01', 'standard'), ('fortnights since 2000-01-01', 'standard')]:
        cases.append(decode_case(0, units, cal, 'invalid'))
    return cases


def encode_cases():
    cases = []
    rng = random.Random(7)
    for cal in CALENDARS:
        for units in ['days since 1970-01-01', 'hours since 1850-01-01 00:00:00', 'seconds since 2000-01-01T00:00:00Z',
                      'days since 1-1-1', 'minutes since 1970-01-01 00:00:00 +05:30', 'milliseconds since 1582-10-15']:
            for _ in range(3):
                y = rng.randint(-500, 3000)
                if y == 0 and cal in ('standard', 'gregorian', 'julian'):
                    y = 1
                m = rng.randint(1, 12)
                dd = rng.randint(1, 28 if cal != '360_day' else 30)
                fields = [y, m, dd, rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59),
                          rng.choice([0, 0, 500000, 123456])]
                if cal in ('standard', 'gregorian') and (y, m) == (1582, 10) and 4 < dd < 15:
                    dd = 3
                    fields[2] = dd
                d = cftime.datetime(*fields, calendar=cal)
                value = cftime.date2num(d, units, cal)
                cases.append({'units': units, 'calendar': cal, 'date': d.isoformat(), 'expected': jnum(value)})
    return cases


# ----------------------------------------------------------------------------------- packing/masking
NC_TYPES = {'i1': 'byte', 'u1': 'ubyte', 'i2': 'short', 'u2': 'ushort', 'i4': 'int', 'u4': 'uint',
            'i8': 'int64', 'u8': 'uint64', 'f4': 'float', 'f8': 'double', 'S1': 'char'}


def attr_json(name, value):
    if isinstance(value, str):
        return {'name': name, 'type': 'char', 'value': value}
    arr = np.atleast_1d(np.asarray(value))
    t = NC_TYPES[arr.dtype.str[1:]]
    return {'name': name, 'type': t, 'value': [jnum(x) for x in arr.tolist()]}


def values_json(arr):
    if np.ma.isMA(arr):
        mask = np.ma.getmaskarray(arr).ravel().tolist()
        data = np.ma.getdata(arr).ravel().tolist()
    else:
        data = np.asarray(arr).ravel().tolist()
        mask = [False] * len(data)
    return [None if m else jnum(v) for v, m in zip(data, mask)]


PACKING = [
    # name, dtype, raw values, attributes (numpy-typed), fill_value (None: none set)
    ('short_scale_offset_f4', 'i2', [0, 1, -1, 32767, -32768, -32767, 100, 12345],
     {'scale_factor': np.float32(0.01), 'add_offset': np.float32(273.15)}, np.int16(-32768)),
    ('short_scale_offset_f8', 'i2', [0, 1, -1, 32767, -32768, -32767, 100, 12345],
     {'scale_factor': np.float64(0.01), 'add_offset': np.float64(273.15)}, np.int16(-32768)),
    ('short_scale_only_f8', 'i2', [0, 3, -3, 999, -999, 32767, 7, -32767], {'scale_factor': np.float64(0.1)}, None),
    ('short_offset_only', 'i2', [0, 3, -3, 999, -999, 32767], {'add_offset': np.float64(1000.5)}, np.int16(999)),
    ('short_identity_pack', 'i2', [0, 3, -3, 999], {'scale_factor': np.float32(1), 'add_offset': np.float32(0)}, None),
    ('byte_unsigned_scale', 'i1', [0, 1, -1, 127, -128, -2, 50], {'_Unsigned': 'true', 'scale_factor': np.float32(0.5)},
     np.int8(-1)),
    ('short_unsigned_valid', 'i2', [0, 1, -1, -2, 32767, -32768, 40], {'_Unsigned': 'true', 'valid_max': np.int16(-3),
                                                                       'valid_min': np.int16(1)}, None),
    ('short_unsigned_default_fill', 'i2', [0, -32767, -1, 5], {'_Unsigned': 'true'}, None),
    ('int_scale_f4', 'i4', [0, 1, -1, 2147483647, -2147483647, 123456789, 16777217],
     {'scale_factor': np.float32(0.001)}, None),
    ('int_valid_range_scale', 'i4', [-5, 0, 500, 1000, 1001, 2000], {'valid_range': np.array([0, 1000], 'i4'),
                                                                    'scale_factor': np.float64(0.5)}, None),
    ('ushort_scale', 'u2', [0, 1, 65534, 65535, 1000], {'scale_factor': np.float64(0.25), 'add_offset': np.float64(-10)},
     None),
    ('int64_scale', 'i8', [0, 1, -1, 2**40, -2**40, 9007199254740993], {'scale_factor': np.float64(1e-3)}, None),
    ('float_missing_vector', 'f4', [1.5, -999, -888, 0, 1e20, -999.5], {'missing_value': np.array([-999, -888], 'f4')},
     np.float32(1e20)),
    ('double_fill_nan', 'f8', [1.5, float('nan'), 0, -1], {}, np.float64('nan')),
    ('float_default_fill', 'f4', [1.5, 9.969209968386869e36, 0, -1], {}, None),
    ('double_valid_min_max', 'f8', [-10, -5, 0, 5, 10, 11], {'valid_min': np.float64(-5), 'valid_max': np.float64(10)},
     None),
    ('short_valid_range_and_minmax', 'i2', [-10, -5, 0, 5, 10, 11], {'valid_range': np.array([-5, 5], 'i2'),
                                                                    'valid_min': np.int16(0)}, None),
    ('short_default_fill', 'i2', [1, -32767, 0, 32767], {}, None),
    ('byte_default_fill', 'i1', [1, -127, 0, 127, -128], {}, None),
    ('ubyte_default_fill', 'u1', [1, 255, 0, 254], {}, None),
    ('int_default_fill', 'i4', [1, -2147483647, 0], {}, None),
    ('uint_default_fill', 'u4', [1, 4294967295, 0], {}, None),
    ('short_missing_not_castable', 'i2', [1, 2, 3], {'missing_value': np.float64(1.5)}, None),
    ('short_missing_and_fill', 'i2', [1, 2, 3, -1, -2], {'missing_value': np.int16(2)}, np.int16(-1)),
    ('short_fill_scale_valid', 'i2', [-100, -1, 0, 50, 100, 101], {'scale_factor': np.float32(2.5), 'add_offset':
                                                                  np.float32(-1), 'valid_range': np.array([-1, 100], 'i2')},
     np.int16(-100)),
    ('float_scale_f4', 'f4', [1.0, 2.5, -3.25, 1e10], {'scale_factor': np.float32(0.5), 'add_offset': np.float32(1)},
     None),
    ('ubyte_missing', 'u1', [0, 1, 200, 255], {'missing_value': np.uint8(200)}, None),
    ('int_valid_max_only', 'i4', [-5, 0, 7, 8, 100], {'valid_max': np.int32(7)}, None),
    ('short_scale_f4_nooffset', 'i2', [0, 1, 3, 333, -32000, 30000], {'scale_factor': np.float32(0.1)}, None),
    ('float_missing_double_inexact', 'f4', [0.1, 0.2, 0.5], {'missing_value': np.float64(0.1)}, None),
    ('float_missing_double_exact', 'f4', [0.1, 0.2, 0.5], {'missing_value': np.float64(0.5)}, None),
    ('ubyte_unsigned_false', 'u1', [0, 1, 127, 128, 255], {'_Unsigned': 'false', 'scale_factor': np.float32(2)}, None),
    ('ushort_unsigned_false_fill', 'u2', [0, 1, 65535, 65534], {'_Unsigned': 'false'}, np.uint16(65534)),
    ('short_add_offset_f4', 'i2', [0, 1, 3, 333, -32000, 30000], {'add_offset': np.float32(0.1)}, None),
]


def xarray_decode(raw, attrs):
    var = xr.Variable(('x',), raw, dict(attrs))
    dec = xr.conventions.decode_cf_variable('v', var, mask_and_scale=True, decode_times=False)
    values = np.asarray(dec.values)
    return values_json(np.ma.masked_invalid(values) if values.dtype.kind == 'f' else values), str(values.dtype)


def packing_cases():
    out = []
    tmp = tempfile.mkdtemp(prefix='cf-packing-')
    path = os.path.join(tmp, 'packing.nc')
    with netCDF4.Dataset(path, 'w') as ds:
        for name, dtype, raw, attrs, fill in PACKING:
            ds.createDimension(f'{name}_x', len(raw))
            v = ds.createVariable(name, dtype, (f'{name}_x',), fill_value=fill if fill is not None else None)
            v.set_auto_maskandscale(False)
            for k, a in attrs.items():
                v.setncattr(k, a)
            v[:] = np.array(raw, dtype)
    with netCDF4.Dataset(path) as ds:
        for name, dtype, _raw, _attrs, _fill in PACKING:
            v = ds[name]
            v.set_auto_maskandscale(False)
            raw = v[:]
            attrs = {k: v.getncattr(k) for k in v.ncattrs()}
            v.set_auto_maskandscale(True)
            dec = v[:]
            xr_values, xr_dtype = xarray_decode(raw, attrs)
            out.append({
                'name': name,
                'dtype': dtype,
                'type': NC_TYPES[dtype],
                'attributes': [attr_json(k, a) for k, a in attrs.items()],
                'raw': [jnum(x) for x in np.asarray(raw).ravel().tolist()],
                'netcdf4': {'values': values_json(dec), 'dtype': str(np.asarray(dec).dtype)},
                'xarray': {'values': xr_values, 'dtype': xr_dtype},
            })
    os.remove(path)
    os.rmdir(tmp)
    return out


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


def ncdump_time_cases():
    """`ncdump -t` strings for time values (exact binary fractions, years >= 1)."""
    tmp = tempfile.mkdtemp(prefix='cf-ncdump-')
    path = os.path.join(tmp, 'times.nc')
    values = [0, 1, 6, 24.5, 36.25, -1, 59, 60, 365, 366, 100000, 0.5, 1.75, 1 / 64, 86400.5]
    specs = []
    with netCDF4.Dataset(path, 'w') as ds:
        ds.createDimension('n', len(values))
        for ci, cal in enumerate(['standard', 'proleptic_gregorian', 'julian', 'noleap', 'all_leap', '360_day']):
            for ui, unit in enumerate(['seconds', 'minutes', 'hours', 'days']):
                for ri, ref in enumerate(['2000-02-28', '1970-01-01 00:00:00', '1850-01-01 12:00']):
                    name = f't{ci}_{ui}_{ri}'
                    v = ds.createVariable(name, 'f8', ('n',))
                    v.units = f'{unit} since {ref}'
                    v.calendar = cal
                    v[:] = values
                    specs.append((name, v.units, cal))
    out = subprocess.run(['ncdump', '-t', path], capture_output=True, text=True, check=True).stdout
    data = out[out.index('data:'):]
    cases = []
    for name, units, cal in specs:
        m = re.search(r'\n ' + name + r' = (.*?) ;', data, re.S)
        strings = re.findall(r'"([^"]*)"', m.group(1))
        for v, text in zip(values, strings):
            cases.append({'units': units, 'calendar': cal, 'value': v, 'expected': text})
    os.remove(path)
    os.rmdir(tmp)
    return cases


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
