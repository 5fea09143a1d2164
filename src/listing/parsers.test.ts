/** The listing parsers against real-shaped and hostile documents. */
import { describe, expect, it } from 'vitest';
import { parseIndexPage } from './index-stream';
import { parseS3Page } from './s3';
import { isStac, stacPage } from './stac';
import { parseThredds } from './thredds';
import { parseXmlBounded, XmlLimitError } from './xml';

const BASE = 'http://h.test/data/';

describe('HTML index pages', () => {
  it('reads nginx autoindex with sizes and dates', () => {
    const html = `<html><head><title>Index of /data/</title></head><body><h1>Index of /data/</h1><hr><pre><a href="../">../</a>
<a href="2024/">2024/</a>                                              21-Mar-2024 10:00                   -
<a href="a%20b.nc">a b.nc</a>                                           21-Mar-2024 10:01              123456
</pre><hr></body></html>`;
    const e = parseIndexPage(html, BASE)!;
    expect(e.map((x) => [x.name, x.kind, x.size, x.date])).toEqual([
      ['2024', 'folder', undefined, '2024-03-21T10:00:00.000Z'],
      ['a b.nc', 'netcdf', 123456, '2024-03-21T10:01:00.000Z'],
    ]);
    expect(e[1]!.open).toBe('http://h.test/data/a%20b.nc');
  });

  it('reads Apache tables with human sizes, and python http.server lists', () => {
    const apache = `<title>Index of /data</title><table><tr><th><a href="?C=N;O=D">Name</a></th></tr>
<tr><td><a href="/">Parent Directory</a></td></tr>
<tr><td valign="top"><img src="/icons/unknown.gif" alt="[   ]"></td><td><a href="x.nc">x.nc</a></td><td align="right">2023-01-02 03:04  </td><td align="right">1.5K</td><td>&nbsp;</td></tr>
</table>`;
    expect(parseIndexPage(apache, BASE)!.map((x) => [x.name, x.size, x.date])).toEqual([
      ['x.nc', 1536, '2023-01-02T03:04:00.000Z'],
    ]);
    const py = `<title>Directory listing for /data/</title><ul><li><a href="s.zarr/">s.zarr/</a></li></ul>`;
    expect(parseIndexPage(py, BASE)!.map((x) => [x.name, x.kind, x.open])).toEqual([
      ['s.zarr', 'zarr', 'http://h.test/data/s.zarr'],
    ]);
  });

  it('never lists links to other hosts, parents, queries or other folders', () => {
    const html = `<title>Index of /data/</title>
<a href="https://evil.test/data/x.nc">x</a><a href="//evil.test/y.nc">y</a><a href="/other/z.nc">z</a>
<a href="../up.nc">u</a><a href="?C=M">sort</a><a href="#top">top</a><a href="javascript:alert(1)">j</a>
<a href="/data/ok.nc">ok</a><a href="sub/deeper.nc">d</a><a href="%zz">bad</a>`;
    expect(parseIndexPage(html, BASE)!.map((x) => x.name)).toEqual(['ok.nc']);
  });

  it('is not an index: an app page with scripts', () => {
    expect(parseIndexPage('<script src="app.js"></script><a href="x.nc">x</a>', BASE)).toBeUndefined();
  });
});

describe('bounded XML', () => {
  it('never expands entities (billion laughs) nor reads external ones', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]><catalog name="&lol3;&xxe;"><dataset name="&lol3;" urlPath="a.nc"/></catalog>`;
    const doc = parseXmlBounded(lol);
    const cat = doc.children[0]!;
    expect(cat.attrs.name).toBe('&lol3;&xxe;');
    expect(cat.children[0]!.attrs.name).toBe('&lol3;');
  });

  it('refuses depth, size and element-count bombs', () => {
    expect(() => parseXmlBounded('<a>'.repeat(100_000) + '</a>'.repeat(100_000))).toThrow(XmlLimitError);
    expect(() => parseXmlBounded('<a>x</a>', { maxBytes: 4 })).toThrow(XmlLimitError);
    expect(() => parseXmlBounded(`<c>${'<d/>'.repeat(1001)}</c>`, { maxElements: 1000 })).toThrow(/over 1000/);
    expect(() => parseXmlBounded('<a><b></a>')).toThrow(XmlLimitError);
    expect(() => parseXmlBounded('<a>< b</a>')).toThrow(XmlLimitError);
  });

  it('reads a million elements within the bounds, and refuses one more than the bound', () => {
    const n = 1_000_000;
    const xml = `<catalog>${'<d/>'.repeat(n)}</catalog>`;
    expect(parseXmlBounded(xml).children[0]!.children.length).toBe(n);
    expect(() => parseXmlBounded(xml, { maxElements: n })).toThrow(/over 1000000 elements/);
  }, 120_000);
});

describe('S3 pages', () => {
  const urlOf = (k: string) => `s3://b/${k}`;
  it('reads folders, objects with size and date, and the continuation token', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>p/</Prefix><IsTruncated>true</IsTruncated><NextContinuationToken>tok&amp;1</NextContinuationToken>
<Contents><Key>p/</Key><Size>0</Size></Contents>
<Contents><Key>p/OR_x.nc</Key><LastModified>2024-01-02T03:04:05.000Z</LastModified><Size>42</Size></Contents>
<CommonPrefixes><Prefix>p/s.zarr/</Prefix></CommonPrefixes><CommonPrefixes><Prefix>p/2024/</Prefix></CommonPrefixes></ListBucketResult>`;
    const page = parseS3Page(xml, { prefix: 'p/', urlOf });
    expect(page.next).toBe('tok&1');
    expect(page.entries.map((e) => [e.name, e.kind, e.size, e.date, e.open, e.place?.url])).toEqual([
      ['s.zarr', 'zarr', undefined, undefined, 's3://b/p/s.zarr', 's3://b/p/s.zarr/'],
      ['2024', 'folder', undefined, undefined, undefined, 's3://b/p/2024/'],
      ['OR_x.nc', 'netcdf', 42, '2024-01-02T03:04:05.000Z', 's3://b/p/OR_x.nc', undefined],
    ]);
  });
  it('rejects what is not a ListBucketResult, and keys outside the prefix', () => {
    expect(() => parseS3Page('<Error><Code>AccessDenied</Code></Error>', { prefix: '', urlOf })).toThrow(
      /ListBucketResult/,
    );
    const xml = '<ListBucketResult><Contents><Key>other/x</Key></Contents></ListBucketResult>';
    expect(parseS3Page(xml, { prefix: 'p/', urlOf }).entries).toEqual([]);
  });
});

const CATALOG = `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns="http://www.unidata.ucar.edu/namespaces/thredds/InvCatalog/v1.0" xmlns:xlink="http://www.w3.org/1999/xlink" name="GOES" version="1.0.1">
  <service name="all" serviceType="Compound" base="">
    <service name="odap" serviceType="OPENDAP" base="/thredds/dodsC/" />
    <service name="http" serviceType="HTTPServer" base="/thredds/fileServer/" />
  </service>
  <service name="dap" serviceType="OPENDAP" base="/thredds/dodsC/" />
  <dataset name="GOES" ID="goes">
    <metadata inherited="true"><serviceName>all</serviceName></metadata>
    <dataset name="a.nc" ID="goes/a.nc" urlPath="goes/a.nc"><dataSize units="Kbytes">1.5</dataSize><date type="modified">2024-01-01T00:00:00Z</date></dataset>
    <dataset name="dap-only" urlPath="goes/b.nc" serviceName="dap"/>
    <dataset name="nested"><dataset name="c.nc" urlPath="goes/c.nc"/></dataset>
    <catalogRef xlink:href="2024/catalog.xml" xlink:title="2024" name=""/>
    <catalogRef xlink:href="https://other.test/thredds/catalog.xml" xlink:title="elsewhere"/>
  </dataset>
</catalog>`;

describe('THREDDS catalogs', () => {
  const url = 'http://h.test/thredds/catalog/goes/catalog.xml';
  it('reads datasets with HTTPServer access, sizes, dates, nested datasets and catalogRefs', () => {
    const doc = parseThredds(CATALOG, url)!;
    const top = doc.entries('')!;
    expect(top.map((e) => [e.name, e.kind, e.size, e.date, e.open ?? e.place?.url, e.note])).toEqual([
      ['a.nc', 'netcdf', 1500, '2024-01-01T00:00:00.000Z', 'http://h.test/thredds/fileServer/goes/a.nc', undefined],
      ['dap-only', 'opendap', undefined, undefined, undefined, 'opendap access only: not read here'],
      ['nested', 'catalog', undefined, undefined, url, undefined],
      ['2024', 'catalog', undefined, undefined, 'http://h.test/thredds/catalog/goes/2024/catalog.xml', undefined],
      ['elsewhere', 'catalog', undefined, undefined, 'https://other.test/thredds/catalog.xml', 'on other.test'],
    ]);
    const nested = top[2]!.place!;
    expect(nested.kind === 'thredds' && doc.entries(nested.dataset!)!.map((e) => e.open)).toEqual([
      'http://h.test/thredds/fileServer/goes/c.nc',
    ]);
    expect(doc.entries('9/9')).toBeUndefined();
  });
  it('is not a catalog: other XML', () => {
    expect(parseThredds('<ListBucketResult/>', url)).toBeUndefined();
  });
});

describe('STAC', () => {
  const url = 'http://h.test/stac/collection.json';
  it('reads a collection: children, items, assets by media type', () => {
    const doc = {
      type: 'Collection',
      stac_version: '1.0.0',
      id: 'c',
      title: 'Coll',
      links: [
        { rel: 'self', href: url },
        { rel: 'item', href: './items/i1/i1.json', title: 'Item 1' },
        { rel: 'child', href: 'https://other.test/cat.json' },
        { rel: 'parent', href: '../catalog.json' },
      ],
      assets: {
        store: { href: 's3://b/x.zarr', type: 'application/vnd+zarr', 'file:size': 10 },
        nc: { href: 'data/x.nc', type: 'application/netcdf' },
        refs: { href: 'refs.json', type: 'application/json', roles: ['references'] },
        ic: { href: 's3://b/repo', roles: ['data'], type: 'application/vnd.zarr+icechunk' },
        thumb: { href: 't.png', type: 'image/png' },
      },
    };
    expect(isStac(doc)).toBe(true);
    const page = stacPage(doc, url);
    expect(page.title).toBe('Coll');
    expect(page.entries.map((e) => [e.name, e.kind, e.open ?? e.place?.url])).toEqual([
      ['Item 1', 'item', 'http://h.test/stac/items/i1/i1.json'],
      ['cat', 'catalog', 'https://other.test/cat.json'],
      ['store', 'zarr', 's3://b/x.zarr'],
      ['nc', 'netcdf', 'http://h.test/stac/data/x.nc'],
      ['refs', 'refs', 'http://h.test/stac/refs.json'],
      ['ic', 'icechunk', 's3://b/repo#mode=icechunk'],
      ['thumb', 'file', undefined],
    ]);
  });
  it('pages an item collection by its next link (same origin only) and survives junk', () => {
    const doc = {
      type: 'FeatureCollection',
      features: [{ id: 'f1', links: [{ rel: 'self', href: '/items/f1' }] }, 7, null, { id: 'f2' }],
      links: [{ rel: 'next', href: '?page=2' }],
    };
    const page = stacPage(doc, 'http://h.test/items');
    expect(page.entries.map((e) => [e.name, e.place?.url])).toEqual([
      ['f1', 'http://h.test/items/f1'],
      ['f2', undefined],
    ]);
    expect(page.nextUrl).toBe('http://h.test/items?page=2');
    const far = stacPage({ ...doc, links: [{ rel: 'next', href: 'https://evil.test/p2' }] }, 'http://h.test/items');
    expect(far.nextUrl).toBeUndefined();
    expect(isStac({ stac_version: 1 })).toBe(false);
    expect(stacPage({ stac_version: '1', type: 'Feature', assets: { a: 5, b: { href: 42 } } }, url).entries).toEqual(
      [],
    );
  });
});
