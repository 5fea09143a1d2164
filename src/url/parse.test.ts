import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  datasetName,
  formatFragment,
  formatLocation,
  localPath,
  modeFlags,
  parseFragment,
  parseLocation,
  pathStyleUrl,
  resolveS3,
  withFragment,
  withMode,
} from './index';

const FORMS = [
  'https://example.org/data/sample.zarr',
  'https://example.org/data/sample.zarr/',
  'https://example.org/data/sample.zarr#mode=nczarr,s3',
  'https://example.org:8443/a%20b/c.zarr?x=1#mode=zarr',
  'http://localhost:8080/sample.zarr',
  'http://localhost:9000/bucket/ds.zarr#mode=nczarr,s3',
  'http://127.0.0.1:4566/bucket/deep/key/ds.zarr#mode=zarr,s3&awsprofile=local',
  'http://[::1]:9000/bucket/ds#mode=nczarr,s3',
  's3://bucket/key.zarr',
  's3://bucket/key.zarr/',
  's3://bucket',
  's3://bucket/',
  's3://bucket/dir/key.zarr#mode=nczarr,s3',
  's3://bucket/dir/key.zarr#mode=nczarr&awsprofile=unidata',
  's3://bucket/dir/key.zarr#mode=nczarr,awsprofile=unidata',
  's3://datasetbucket/rootkey\\#mode=nczarr,awsprofile=unidata',
  's3://s3.us-west-1.amazonaws.com/datasetbucket',
  's3://s3.uswest-1.amazonaws.com/datasetbucket\\#mode=zarr',
  's3://tenancy-0/test/test2.nc',
  'https://my-bucket.s3.eu-west-2.amazonaws.com/data/ds.zarr',
  'https://my.dotted.bucket.s3.eu-west-2.amazonaws.com/ds.zarr#mode=zarr,consolidated',
  'https://my-bucket.s3.amazonaws.com/ds.zarr',
  'https://my-bucket.s3-us-west-2.amazonaws.com/ds.zarr',
  'https://my-bucket.s3.dualstack.ap-south-1.amazonaws.com/ds.zarr',
  'https://s3.us-west-2.amazonaws.com/noaa-bucket/ds.zarr#mode=nczarr,s3',
  'https://s3.amazonaws.com/bucket/ds.zarr',
  'https://s3-eu-west-1.amazonaws.com/bucket/ds.zarr',
  'https://storage.googleapis.com/bucket/ds.zarr#mode=zarr,v3',
  'file:///home/user/dataset.file#mode=nczarr,file',
  'file:///home/user/dataset.zip#mode=nczarr,zip',
  'file:///xxx/yyy/,zip',
  'file://localhost/tmp/x.zarr',
  '/home/user/data.zarr',
  './data.zarr',
  'data.zip#mode=nczarr,zip',
  '../rel/dir/ds.zarr#mode=zarr,noxarray,v2&log&show=fetch',
  'C:\\data\\ds.zarr',
  'https://host/ds.zarr#mode=nczarr,zarr,noxarray,xarray,s3,file,zip,consolidated,v2,v3',
  'https://host/ds.zarr#mode=zarr,,v3&',
  'https://host/ds.zarr#',
];

describe('location grammar', () => {
  it(`formats ${FORMS.length} forms back unchanged`, () => {
    expect(FORMS.length).toBeGreaterThanOrEqual(30);
    for (const f of FORMS) expect(formatLocation(parseLocation(f)), f).toBe(f);
  });

  it('reads styles and the S3 address', () => {
    const v = parseLocation('https://my.dotted.bucket.s3.eu-west-2.amazonaws.com/a/ds.zarr');
    expect(v.style).toBe('virtual-host');
    expect(v.s3).toMatchObject({
      bucket: 'my.dotted.bucket',
      key: 'a/ds.zarr',
      region: 'eu-west-2',
      endpoint: 'https://s3.eu-west-2.amazonaws.com',
    });
    const p = parseLocation('https://s3.us-west-2.amazonaws.com/noaa-bucket/ds.zarr');
    expect(p.style).toBe('path-style');
    expect(p.s3).toMatchObject({ bucket: 'noaa-bucket', key: 'ds.zarr', region: 'us-west-2' });
    expect(parseLocation('https://b.s3-us-west-2.amazonaws.com/k').s3?.region).toBe('us-west-2');
    expect(parseLocation('https://b.s3.dualstack.ap-south-1.amazonaws.com/k').s3?.region).toBe('ap-south-1');
    expect(parseLocation('https://b.s3.amazonaws.com/k').s3?.region).toBeUndefined();
    expect(parseLocation('https://example.org/ds.zarr').style).toBe('http');
    const other = parseLocation('http://localhost:9000/bucket/a%20b/ds.zarr#mode=nczarr,s3');
    expect(other.style).toBe('path-style');
    expect(other.s3).toMatchObject({ bucket: 'bucket', key: 'a b/ds.zarr', endpoint: 'http://localhost:9000' });
    const legacy = parseLocation('s3://s3.us-west-1.amazonaws.com/datasetbucket');
    expect(legacy.s3).toMatchObject({ bucket: 'datasetbucket', key: '', region: 'us-west-1' });
    expect(parseLocation('file:///home/u/a%20b.zarr').style).toBe('file');
    expect(localPath(parseLocation('file:///home/u/a%20b.zarr'))).toBe('/home/u/a b.zarr');
    expect(localPath(parseLocation('rel/x.zip#mode=zip'))).toBe('rel/x.zip');
  });

  it('normalises s3://, aliases and regions to path style', () => {
    const plain = resolveS3(parseLocation('s3://bucket/dir/ds.zarr/'))!;
    expect(plain).toMatchObject({
      bucket: 'bucket',
      key: 'dir/ds.zarr',
      region: 'us-east-1',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
    });
    expect(pathStyleUrl(plain)).toBe('https://s3.us-east-1.amazonaws.com/bucket/dir/ds.zarr');
    expect(resolveS3(parseLocation('s3://bucket/k'), { region: 'eu-north-1' })?.endpoint).toBe(
      'https://s3.eu-north-1.amazonaws.com',
    );
    expect(resolveS3(parseLocation('s3://bucket/k'), { endpoint: 'http://127.0.0.1:9000/' })?.endpoint).toBe(
      'http://127.0.0.1:9000',
    );
    const aliases = [{ name: 'tenancy-0', url: 'http://tenancy-0.jc.rl.ac.uk', region: 'eu' }];
    const a = resolveS3(parseLocation('s3://tenancy-0/test/test2.nc'), { aliases })!;
    expect(a).toMatchObject({
      endpoint: 'http://tenancy-0.jc.rl.ac.uk',
      bucket: 'test',
      key: 'test2.nc',
      region: 'eu',
      alias: 'tenancy-0',
    });
    expect(resolveS3(parseLocation('s3://tenancy-0/test/test2.nc'))).toMatchObject({
      bucket: 'tenancy-0',
      key: 'test/test2.nc',
    });
    expect(a.virtualHost).toBe(false);
    const vhAlias = [{ ...aliases[0]!, addressing: 'virtual' as const }];
    expect(resolveS3(parseLocation('s3://tenancy-0/test/test2.nc'), { aliases: vhAlias })).toMatchObject({
      bucket: 'test',
      key: 'test2.nc',
      virtualHost: true,
    });
    expect(() => resolveS3(parseLocation('s3://'))).toThrow(/names no bucket/);
    expect(resolveS3(parseLocation('https://example.org/x'))).toBeUndefined();
    const vh = resolveS3(parseLocation('https://b.s3.eu-west-2.amazonaws.com/ds.zarr'))!;
    expect(pathStyleUrl(vh)).toBe('https://s3.eu-west-2.amazonaws.com/b/ds.zarr');
  });

  it('reads mode flags and keeps other keys in order', () => {
    const f = parseFragment('mode=nczarr,zip&awsprofile=unidata,log');
    expect(f.map((e) => e.key)).toEqual(['mode', 'awsprofile']);
    expect(modeFlags(f)).toEqual({ nczarr: true, medium: 'zip' });
    expect(modeFlags(parseFragment('mode=zarr,noxarray,consolidated,v3,s3'))).toEqual({
      zarr: true,
      xarray: false,
      consolidated: true,
      zarrFormat: 3,
      medium: 's3',
    });
    expect(modeFlags(parseFragment('mode=nczarr,awsprofile=unidata'))).toEqual({ nczarr: true });
    expect(parseFragment('mode=nczarr,awsprofile=unidata')[1]).toMatchObject({
      key: 'awsprofile',
      values: ['unidata'],
      sep: ',',
    });
    expect(formatFragment(withMode(parseFragment('awsprofile=x'), { zarr: true, medium: 's3' }))).toBe(
      'mode=zarr,s3&awsprofile=x',
    );
    expect(formatFragment(withMode(parseFragment('mode=nczarr&awsprofile=x'), {}))).toBe('awsprofile=x');
    expect(formatFragment(withMode(parseFragment('mode=nczarr,file&k=v'), { nczarr: true, medium: 'zip' }))).toBe(
      'mode=nczarr,zip&k=v',
    );
  });

  it('withFragment re-reads the S3 view', () => {
    const loc = parseLocation('http://localhost:9000/bucket/ds.zarr');
    expect(loc.style).toBe('http');
    const s3 = withFragment(loc, parseFragment('mode=nczarr,s3'));
    expect(s3.style).toBe('path-style');
    expect(formatLocation(s3)).toBe('http://localhost:9000/bucket/ds.zarr#mode=nczarr,s3');
  });

  it('keeps credentials out of formatted URLs', () => {
    expect(formatLocation(parseLocation('https://user:secret@host/ds.zarr'))).toBe('https://host/ds.zarr');
    const signed =
      'https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA&X-Amz-Signature=abc&v=2';
    expect(formatLocation(parseLocation(signed), { share: true })).toBe('https://b.s3.amazonaws.com/k?v=2');
    expect(formatLocation(parseLocation('s3://b/k\\#mode=zarr'), { plainHash: true })).toBe('s3://b/k#mode=zarr');
  });

  it('derives the dataset name as ncdump does', () => {
    expect(datasetName(parseLocation('s3://bucket/dir/sample.zarr#mode=zarr'))).toBe('sample');
    expect(datasetName(parseLocation('file:///home/user/dataset.file#mode=nczarr,file'))).toBe('dataset');
    expect(datasetName(parseLocation('https://h/a/ds.zarr/'))).toBe('ds');
    expect(datasetName(parseLocation('s3://bucket'))).toBe('bucket');
    expect(datasetName(parseLocation('./x/tst.nc.zip'))).toBe('tst.nc');
  });

  it('rejects empty and unsupported locations', () => {
    expect(() => parseLocation('  ')).toThrow(/empty/);
    expect(() => parseLocation('ftp://host/x')).toThrow(/not supported/);
  });
});

describe('every example URL in the seeds', () => {
  // The URLs quoted in netcdf-c's NCZarr documents, S3netCDF4 and xarray's convention (committed: never skipped).
  const file = path.join(import.meta.dirname, 'testdata', 'seed-urls.txt');
  const urls = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'));
  it(`parses and formats back ${urls.length} URLs`, () => {
    expect(urls.length).toBeGreaterThan(20);
    for (const u of urls) expect(formatLocation(parseLocation(u)), u).toBe(u);
    const s3ish = urls.filter((u) => u.startsWith('s3://') && u.length > 5);
    for (const u of s3ish) expect(resolveS3(parseLocation(u)), u).toBeDefined();
    expect(parseLocation('s3://').s3?.bucket).toBe('');
  });
});
