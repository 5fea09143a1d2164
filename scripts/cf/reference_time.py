"""The time cases of scripts/cf/make-reference.py: cftime num2date (decode) and date2num (encode) cases, and what
`ncdump -t` prints for time values; with `jnum`, the JSON-safe numbers all its cases use."""
import os
import random
import re
import subprocess
import sys
import tempfile

import cftime
import netCDF4
import numpy as np

# The fixture scripts' JSON numbers (scripts/fixtures/json_values.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from json_values import jfloat, jint  # noqa: E402

CALENDARS = ['standard', 'gregorian', 'proleptic_gregorian', 'julian', 'noleap', '365_day',
             'all_leap', '366_day', '360_day']


def jnum(v):
    """A JSON-safe number: ints beyond 2^53 as strings, non-finite floats as strings (json_values.py)."""
    return jint(v) if isinstance(v, (int, np.integer)) else jfloat(v)


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
