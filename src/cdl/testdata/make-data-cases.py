"""Writes data-cases.nc with netCDF4-python and data-cases.json (the same values, C order); the expected text is
Debian `ncdump data-cases.nc` saved as data-cases.cdl. Run with /usr/bin/python3."""
import json, math
import netCDF4, numpy as np

ds = netCDF4.Dataset('data-cases.nc', 'w')
ds.createDimension('n', 40); ds.createDimension('k', 3); ds.createDimension('r', 2); ds.createDimension('s', 4)
cases = {}
def var(name, dt, dims, values, **kw):
    v = ds.createVariable(name, dt, dims, **kw)
    arr = np.array(values, dtype=v.dtype if dt != str else object)
    v[...] = arr.reshape(v.shape) if dims else arr
    cases[name] = {'type': {'f4': 'float', 'f8': 'double', 'i4': 'int', 'i2': 'short', 'S1': 'char', str: 'string', 'i1': 'byte'}[dt],
                   'shape': list(v.shape), 'fill': kw.get('fill_value'),
                   'values': [x if isinstance(x, str) else (x if math.isfinite(x) else str(x).replace('nan', 'NaN').replace('inf', 'Infinity')) if isinstance(x, float) else int(x) for x in np.array(values).ravel().tolist()]}
var('long_d', 'f8', ('n',), [0.123456789] + list(range(1, 39)) + [-1e-5])
var('floats', 'f4', ('k', 'r'), [1.5, float('nan'), float('inf'), -float('inf'), 1e30, 0.1])
var('doubles', 'f8', ('k',), [float('nan'), 1e300, -0.5])
var('filled', 'i4', ('s',), [1, -999, 3, -2147483647], fill_value=-999)
var('dflt', 'i2', ('k',), [1, -32767, 3])
var('bytes', 'i1', ('k',), [-127, 0, 127])
var('grid', 'i4', ('r', 'k', 'n'), list(range(240)))
v = ds.createVariable('chars', 'S1', ('r', 's')); v[:] = netCDF4.stringtochar(np.array(['ab', 'cd\n'], dtype='S4'))
cases['chars'] = {'type': 'char', 'shape': [2, 4], 'values': list('ab\0\0cd\n\0')}
v = ds.createVariable('strs', str, ('k',)); v[0] = 'x'; v[1] = 'y"z'; v[2] = ''
cases['strs'] = {'type': 'string', 'shape': [3], 'values': ['x', 'y"z', '']}
v = ds.createVariable('scalar', 'f8'); v.assignValue(3.5)
cases['scalar'] = {'type': 'double', 'shape': [], 'values': [3.5]}
ds.close()
json.dump(cases, open('data-cases.json', 'w'), indent=0)
