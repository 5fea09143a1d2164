"""Writes printer-cases.nc with netCDF4-python and printer-cases.json (the same inputs); the expected text is
`ncdump -h printer-cases.nc` (Debian netcdf-bin) saved as printer-cases.h.cdl. Run with /usr/bin/python3."""
import json, math
import netCDF4, numpy as np

names = ['1abc', 'a=b<c>d(e)f[g]h{i}j,k;l:m"n\'o`p$q&r*s?t|u~v!w#x%y^z\\', 'a.b-c+d@e_f', 'é ü', '_x']
floats = [0.0, 1.0, -2.5, 0.1, 1e-5, 123456.7, 1e30, 3.4028234663852886e38, 1.401298464324817e-45, 100.0, 1234567.0]
doubles = [0.0, 1.0, -2.5, 0.1, 1e-5, 1e16, 123456789.123, 5e-324, 1.7976931348623157e308, 3.141592653589793, 100.0]
texts = ['plain', 'tab\there', 'quote " and \\ backslash', "apos '", 'bell\x07 esc\x1b del\x7f', 'é ✓', 'new\nline', '']
ints = {'byte': ('i1', [-128, 0, 127]), 'ubyte': ('u1', [0, 255]), 'short': ('i2', [-32768, 32767]),
        'ushort': ('u2', [65535]), 'int': ('i4', [-2147483648, 2147483647]), 'uint': ('u4', [4294967295]),
        'int64': ('i8', [-9223372036854775808, 9007199254740993]), 'uint64': ('u8', [18446744073709551615])}
ds = netCDF4.Dataset('printer-cases.nc', 'w')
ds.createDimension('d x', 1)
for n in names:
    ds.createVariable(n, 'i4', ('d x',))
v = ds.createVariable('atts', 'f8', ('d x',))
v.setncattr_string('strs', ['a', 'b"c'])
v.setncattr('floats', np.array(floats, dtype='f4'))
v.setncattr('doubles', np.array(doubles, dtype='f8'))
for i, t in enumerate(texts):
    v.setncattr(f'text{i}', t)
for name, (dt, vals) in ints.items():
    v.setncattr(name, np.array(vals, dtype=dt))
ds.close()
json.dump({'names': names, 'floats': floats, 'doubles': doubles, 'texts': texts,
           'ints': {k: [str(x) for x in v[1]] for k, v in ints.items()}}, open('printer-cases.json', 'w'), ensure_ascii=False, indent=1)
