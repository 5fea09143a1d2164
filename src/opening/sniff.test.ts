/**
 * What first bytes look like. Real objects where there are some (the repository's own HTML, JSON and text, a gzip
 * and a zip made by their writers, netCDF files written by ncgen); the signatures of the other formats are the
 * ones their specifications fix (PNG, JPEG, GIF, PDF, HDF4, GRIB).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeZip } from '../store/testing/make-zip';
import { sniffBytes } from './sniff';

const REPO = join(import.meta.dirname, '..', '..');
const head = (path: string) => new Uint8Array(readFileSync(join(REPO, path))).subarray(0, 512);
const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniffBytes', () => {
  it('a web page, JSON, text', () => {
    expect(sniffBytes(head('index.html'))).toMatchObject({ kind: 'html', label: 'HTML (a web page)' });
    expect(sniffBytes(ascii('\n  <HTML><body>x'))).toMatchObject({ kind: 'html' });
    expect(sniffBytes(ascii('<p>a page</p>'), 'text/html; charset=utf-8').kind).toBe('html');
    expect(sniffBytes(head('package.json'))).toMatchObject({ kind: 'json', label: 'JSON' });
    expect(sniffBytes(ascii('[1, 2]')).kind).toBe('json');
    expect(sniffBytes(head('README.md'))).toMatchObject({
      kind: 'text',
      label: 'text',
      preview: '# Zarrview A browser-first, read-only viewer for…',
    });
  });

  it('XML, and an S3 listing', () => {
    expect(sniffBytes(ascii('<?xml version="1.0"?><ListBucketResult xmlns="x"><Name>b</Name>')).kind).toBe(
      's3-listing',
    );
    expect(sniffBytes(ascii('<?xml version="1.0"?><catalog/>')).kind).toBe('xml');
  });

  it('text cut in the middle of a character is text', () => {
    const t = ascii('température'); // é is two bytes
    expect(sniffBytes(t.subarray(0, 6)).kind).toBe('text');
  });

  it('archives and compressed data written by their writers', async () => {
    expect(sniffBytes(gzipSync(Buffer.from('hello'))).kind).toBe('gzip');
    expect(sniffBytes(await makeZip([{ name: 'a', data: 'b' }], { deflate: true })).kind).toBe('zip');
  });

  it('images, documents and file formats by their signatures', () => {
    expect(sniffBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)).kind).toBe('png');
    expect(sniffBytes(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16)).kind).toBe('jpeg');
    expect(sniffBytes(ascii('GIF89a\x01\x00')).kind).toBe('gif');
    expect(sniffBytes(ascii('%PDF-1.7\n')).kind).toBe('pdf');
    expect(sniffBytes(bytes(0x0e, 0x03, 0x13, 0x01, 0, 0x6a)).label).toBe('an HDF4 file');
    expect(sniffBytes(ascii('GRIB\x00\x00\x00\x02')).label).toBe('a GRIB file');
  });

  it('netCDF-3 and HDF5 are named (they are datasets)', () => {
    expect(sniffBytes(head('fixtures/netcdf3/classic/example_good.nc')).kind).toBe('netcdf3');
    expect(sniffBytes(head('fixtures/netcdf4-usertypes/ref_tst_enum_data.nc')).kind).toBe('hdf5');
  });

  it('anything else is binary of an unknown kind, shown in hex; nothing is empty', () => {
    expect(sniffBytes(bytes(0, 1, 2, 3, 0xfe))).toEqual({
      kind: 'binary',
      label: 'binary data of an unknown kind',
      preview: '00 01 02 03 fe',
    });
    expect(sniffBytes(new Uint8Array(0)).kind).toBe('empty');
  });
});
