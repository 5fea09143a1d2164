"""The packing/masking cases of scripts/cf/make-reference.py: small netCDF-4 files written with netCDF4-python
(PACKING), read back raw and with its auto mask/scale, and what xarray's CF decoder makes of the same values."""
import os
import tempfile

import netCDF4
import numpy as np
import xarray as xr

from reference_time import jnum


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
