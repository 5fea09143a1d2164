/**
 * A prefix of 100,000 keys listed through the S3 lister against a minimal in-process ListObjectsV2 server (keys
 * made here, in memory; nothing committed): the first page is there after one request, and paging brings all
 * 100,000 through, in key order, none missed or doubled. (s3rver stores each object as files on disk: filling it
 * with 100,000 keys takes minutes on this machine, so the server here answers ListObjectsV2 from a sorted array.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from './pages';
import { createLister } from './place';

const N = 100_000;
const keys = Array.from({ length: N }, (_, i) => `big/OR_ABI-L1b_s${String(i).padStart(7, '0')}.nc`).sort();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** ListObjectsV2 over `keys` (delimiter `/`, prefix, max-keys, continuation-token = the last key sent, base64). */
function listObjects(q: URLSearchParams): string {
  const prefix = q.get('prefix') ?? '';
  const max = Math.min(1000, Number(q.get('max-keys') ?? 1000));
  const token = q.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64').toString() : '';
  // The first key at or after the prefix, and after the last key sent.
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const k = keys[mid]!;
    if (k < prefix || (token !== null && k <= after)) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  let i = lo;
  for (; i < keys.length && out.length < max && keys[i]!.startsWith(prefix); i++) out.push(keys[i]!);
  const truncated = i < keys.length && keys[i]!.startsWith(prefix);
  const contents = out
    .map(
      (k) =>
        `<Contents><Key>${esc(k)}</Key><LastModified>2024-01-01T00:00:00.000Z</LastModified><Size>${k.length}</Size></Contents>`,
    )
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(out.at(-1)!).toString('base64')}</NextContinuationToken>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>bucket</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${out.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
}

let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/bucket' && u.pathname !== '/bucket/') {
      res.writeHead(404).end();
      return;
    }
    requests++;
    res.writeHead(200, { 'content-type': 'application/xml' }).end(listObjects(u.searchParams));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('a prefix of 100,000 keys', () => {
  it('yields the first page after one request, then every key once, in order', { timeout: 120_000 }, async () => {
    const lister = createLister({});
    const place = await lister.resolve(`${base}/bucket/big/#mode=s3`);
    expect(place.kind).toBe('s3');
    requests = 0;
    const iter = pages(lister, place, { pageSize: 1000 });
    const first = await iter.next();
    expect(requests).toBe(1);
    if (first.done) throw new Error('no first page');
    const names = first.value.entries.map((e) => e.name);
    expect(names.length).toBe(1000);
    expect(names[0]).toBe(keys[0]!.slice('big/'.length));
    for await (const page of iter) names.push(...page.entries.map((e) => e.name));
    expect(requests).toBe(N / 1000);
    expect(names.length).toBe(N);
    expect(new Set(names).size).toBe(N);
    expect(names).toEqual(keys.map((k) => k.slice('big/'.length)));
  });

  it('filters by name on the server: one request for a prefix of 100 keys', async () => {
    const lister = createLister({});
    const place = await lister.resolve(`${base}/bucket/big/#mode=s3`);
    requests = 0;
    const got: string[] = [];
    for await (const page of pages(lister, place, { prefixFilter: 'OR_ABI-L1b_s00014' }))
      got.push(...page.entries.map((e) => e.name));
    expect(requests).toBe(1);
    expect(got.length).toBe(100);
    expect(got).toEqual(keys.filter((k) => k.startsWith('big/OR_ABI-L1b_s00014')).map((k) => k.slice(4)));
  });
});
