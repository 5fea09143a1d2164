#!/usr/bin/python3
"""Writes the Zarr v2 test arrays of the data path with zarr-python 2.13 (Debian /usr/bin/python3) and dumps
their values as zarr-python reads them into expected.json. Run from the repo root:
    /usr/bin/python3 src/data/testdata/make.py
Fletcher-32 chunks are produced by HDF5 (h5py, the filter netcdf-c uses); string-valued codec parameters are
netcdf-c's spelling, patched into the metadata after writing."""
import json, os, shutil, math
import numpy as np, zarr, numcodecs, h5py

ROOT = os.path.join(os.path.dirname(__file__), 'v2.zarr')
shutil.rmtree(ROOT, ignore_errors=True)
g = zarr.open_group(ROOT, mode='w')
rng = np.random.default_rng(7)
expected = {}

def dump(name, arr):
    a = arr[...]
    dt = arr.dtype
    flat = np.asarray(a).reshape(-1)
    if dt.kind == 'f':
        vals = ['NaN' if math.isnan(v) else ('Infinity' if v > 0 else '-Infinity') if math.isinf(v) else float(v) for v in flat]
    elif dt.kind == 'c':
        vals = [[float(v.real), float(v.imag)] for v in flat]
    elif dt.kind in 'iu' and dt.itemsize == 8:
        vals = [str(int(v)) for v in flat]
    elif dt.kind in 'Mm':
        vals = [str(int(v)) for v in flat.view('i8')]
    elif dt.kind == 'b':
        vals = [bool(v) for v in flat]
    elif dt.kind == 'S':
        vals = [v.decode('utf-8') for v in flat]
    elif dt.kind in 'UO':
        vals = [str(v) for v in flat]
    else:
        vals = [int(v) for v in flat]
    fv = arr.fill_value
    expected[name] = {'dtype': dt.str, 'shape': list(a.shape), 'order': arr.order, 'values': vals}

def make(name, data, **kw):
    arr = g.create_dataset(name, data=data, **kw)
    dump(name, arr)
    return arr

def patch(name, fn):
    p = os.path.join(ROOT, name, '.zarray')
    meta = json.load(open(p))
    fn(meta)
    json.dump(meta, open(p, 'w'), indent=2)

f4 = rng.standard_normal((5, 7)).astype('<f4')
make('zlib_strparams', f4, chunks=(2, 4), compressor=numcodecs.Zlib(level=4), filters=[numcodecs.Shuffle(elementsize=4)])
def strparams(m):
    m['compressor'] = {'id': 'zlib', 'level': '4'}
    m['filters'] = [{'id': 'shuffle', 'elementsize': '0'}]
patch('zlib_strparams', strparams)
make('bz2', np.arange(-20, 13, dtype='<i4'), chunks=(4,), compressor=numcodecs.BZ2(level=5))
make('lzma', rng.standard_normal((7, 3)), chunks=(3, 2), compressor=numcodecs.LZMA())
make('quantize', rng.standard_normal((9,)) * 100, chunks=(4,), filters=[numcodecs.Quantize(digits=2, dtype='<f8')], compressor=numcodecs.Zlib(1))
make('astype', np.arange(-6, 6, dtype='<f8') * 3, chunks=(5,), filters=[numcodecs.AsType(encode_dtype='<i2', decode_dtype='<f8')])
make('packbits', rng.random(13) > 0.5, chunks=(5,), filters=[numcodecs.PackBits()], compressor=None)
make('delta_i8', np.cumsum(rng.integers(-5, 5, 11)).astype('<i8') + 2**40, chunks=(4,), filters=[numcodecs.Delta(dtype='<i8')])
make('fixedscaleoffset', np.round(rng.random(10) * 20 + 1000, 1), chunks=(6,), filters=[numcodecs.FixedScaleOffset(offset=1000, scale=10, dtype='<f8', astype='u1')])
make('complex64', (rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))).astype('<c8'), chunks=(2, 3))
make('complex128_be', (rng.standard_normal(5) + 1j * rng.standard_normal(5)).astype('>c16'), chunks=(2,))
make('datetime_s', np.array(['1970-01-01T00:00:00', '2001-09-09T01:46:40', '1900-01-01', '2262-01-01', '1677-09-22'], dtype='<M8[s]'), chunks=(2,))
make('timedelta_ms', np.array([0, 1, -5000, 86400000], dtype='<m8[ms]'), chunks=(3,))
make('half', np.array([0, 1.5, -2.25, 65504, 6e-8, np.inf, np.nan], dtype='<f2'), chunks=(4,))
make('bool', np.array([[True, False, True], [False, False, True]]), chunks=(1, 2))
make('bytes_s5', np.array([b'ab', b'hello', b'', b'xyz', b'q'], dtype='|S5'), chunks=(2,), fill_value=b'')
make('unicode_u3', np.array(['é', 'abc', '', '日本'], dtype='<U3'), chunks=(3,))
make('unicode_be', np.array(['ab', 'Ω'], dtype='>U2'), chunks=(1,))
make('vlen_utf8', np.array(['', 'one', 'zwei', '三', 'fünf'], dtype=object), chunks=(2,), dtype=object, object_codec=numcodecs.VLenUTF8())
make('json2', np.array(['a', 'bb', 'ccc'], dtype=object), chunks=(2,), dtype=object, object_codec=numcodecs.JSON())
make('forder', np.arange(35, dtype='<i4').reshape(5, 7), chunks=(2, 3), order='F', dimension_separator='/')
make('forder_3d', np.arange(60, dtype='<i2').reshape(3, 4, 5), chunks=(2, 3, 2), order='F', compressor=numcodecs.Blosc('lz4', 5, numcodecs.Blosc.SHUFFLE))
make('big_f8', rng.standard_normal((4, 5)).astype('>f8'), chunks=(3, 3))
make('big_i2', np.arange(-9, 9, dtype='>i2').reshape(3, 6), chunks=(2, 4))
make('blosc_lz4', rng.standard_normal((40, 30)).astype('<f4'), chunks=(16, 16), compressor=numcodecs.Blosc('lz4', 5, numcodecs.Blosc.SHUFFLE))
make('zstd', np.arange(100, dtype='<u2').reshape(10, 10), chunks=(4, 4), compressor=numcodecs.Zstd(3))
make('lz4', np.arange(50, dtype='<u4'), chunks=(16,), compressor=numcodecs.LZ4())
make('gzip', np.arange(50, dtype='<u8'), chunks=(16,), compressor=numcodecs.GZip(5))
make('bitround', rng.standard_normal(20).astype('<f4'), chunks=(8,), filters=[numcodecs.BitRound(keepbits=5)])
make('scalar', np.array(42.5), compressor=None)
make('ints_edge', np.arange(-30, 30, dtype='<i1').reshape(6, 10), chunks=(4, 3))
make('nan_f4', np.array([1, np.nan, 3, np.nan, 5], dtype='<f4'), chunks=(2,), fill_value=np.nan)

# Missing chunks: only chunks 0 and 2 exist; the rest are the fill value.
a = g.create_dataset('missing', shape=(10,), chunks=(3,), dtype='<i2', fill_value=-1)
a[0:3] = [1, 2, 3]
a[6:9] = [7, 8, 9]
dump('missing', a)

# Fletcher-32 as netcdf-c writes it: HDF5's filter appends the checksum to each chunk.
vals = np.arange(-3, 9, dtype='<i4')
h5path = os.path.join(os.path.dirname(__file__), 'tmp-fletcher.h5')
with h5py.File(h5path, 'w') as f:
    d = f.create_dataset('x', data=vals, chunks=(5,), fletcher32=True)
    chunks = [d.id.read_direct_chunk((i,))[1] for i in (0, 5, 10)]
os.remove(h5path)
a = g.create_dataset('fletcher32', data=vals, chunks=(5,), compressor=None)
dump('fletcher32', a)
for i, c in enumerate(chunks):
    open(os.path.join(ROOT, 'fletcher32', str(i)), 'wb').write(c)
patch('fletcher32', lambda m: m.update(filters=[{'id': 'fletcher32'}]))

# Odd-length chunks exercise the checksum's trailing byte.
odd = (np.arange(19) * 37 % 251).astype('u1')
with h5py.File(h5path, 'w') as f:
    d = f.create_dataset('x', data=odd, chunks=(7,), fletcher32=True)
    chunks = [d.id.read_direct_chunk((i,))[1] for i in (0, 7, 14)]
os.remove(h5path)
a = g.create_dataset('fletcher32_odd', data=odd, chunks=(7,), compressor=None)
dump('fletcher32_odd', a)
for i, c in enumerate(chunks):
    open(os.path.join(ROOT, 'fletcher32_odd', str(i)), 'wb').write(c)
patch('fletcher32_odd', lambda m: m.update(filters=[{'id': 'fletcher32'}]))

# Corrupt copies: one chunk with a bad checksum, one with a broken zlib stream, and an unknown codec.
shutil.copytree(os.path.join(ROOT, 'fletcher32'), os.path.join(ROOT, 'fletcher32_bad'))
p = os.path.join(ROOT, 'fletcher32_bad', '1')
b = bytearray(open(p, 'rb').read()); b[2] ^= 0xFF; open(p, 'wb').write(bytes(b))
shutil.copytree(os.path.join(ROOT, 'zlib_strparams'), os.path.join(ROOT, 'zlib_bad'))
p = os.path.join(ROOT, 'zlib_bad', '1.1')
b = bytearray(open(p, 'rb').read()); b[5:9] = b'\x00\xff\x00\xff'; open(p, 'wb').write(bytes(b))
shutil.copytree(os.path.join(ROOT, 'bz2'), os.path.join(ROOT, 'unknown_codec'))
patch('unknown_codec', lambda m: m.update(compressor={'id': 'frobnicate', 'level': 1}))

json.dump(expected, open(os.path.join(os.path.dirname(__file__), 'expected.json'), 'w'), indent=0)
print('wrote', len(expected), 'arrays')
