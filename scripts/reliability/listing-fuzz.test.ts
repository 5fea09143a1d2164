/**
 * Listing fuzzing: index pages, THREDDS catalogs, STAC documents and S3 ListObjectsV2 pages, damaged at random
 * (listing-seeds.ts) and made hostile on purpose (billion laughs, external entities, a million entries, deep
 * nesting, catalogs in a cycle, links to other hosts, bodies that break off or stall, wrong content types,
 * non-UTF-8), listed through the lister as the browser and `zarrview ls` list them (listing-net.ts). Each case must
 * end within its budget with bounded pages or one of the project's typed errors, send no request to another host
 * and no credentials to anything but S3, and keep the heap bounded. Damaged index pages arrive in chunks of random
 * sizes (the streaming parser, index-stream.ts), and their entries must be those of the same page parsed whole.
 *
 * ZARRVIEW_LISTING_FUZZ_SEED and ZARRVIEW_LISTING_FUZZ_CASES change the run.
 */
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/errors';
import { describeError, fuzzCases, withDeadline } from './cases';
import { writeCounts } from './counts';
import { exercise, fakeNet, type Answer } from './listing-net';
import { EVIL, MUTATIONS, ORIGIN, SEEDS, type Seed } from './listing-seeds';
import { parseIndexPage } from '../../src/listing/index-stream';
import type { Rng } from '../../src/testing/seeded-rng';

const SEED = Number(process.env.ZARRVIEW_LISTING_FUZZ_SEED ?? 20261203);
const CASES = Number(process.env.ZARRVIEW_LISTING_FUZZ_CASES ?? 1_000);
const CASE_BUDGET_MS = 10_000;
const BIG_BUDGET_MS = 30_000;
/** Heap growth any one case may cause (the documents are capped at 32 MiB). */
const HEAP_BOUND = 1.5 * 1024 ** 3;

const HOST = new URL(ORIGIN).hostname;
const hostsOf = (s: Seed) => (s.served === 's3' ? ['s3'] : [HOST]);

function serve(seed: Seed, answer: Answer, extra: Record<string, Answer> = {}) {
  return fakeNet((url) => {
    if (extra[url]) return extra[url];
    if (seed.served === 's3' ? url.includes('list-type=2') : url === seed.served) return answer;
    return undefined;
  });
}

/** Runs `fn` while sampling the heap; returns its problems plus one when the heap grew past the bound. */
async function heapBounded(fn: () => Promise<string[]>): Promise<{ problems: string[]; peak: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - base)), 20);
  try {
    const problems = await fn();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    if (peak > HEAP_BOUND) problems.push(`the heap grew by ${Math.round(peak / 2 ** 20)} MiB`);
    return { problems, peak };
  } finally {
    clearInterval(timer);
  }
}

const thredds = SEEDS.find((s) => s.name === 'thredds')!;
const nginx = SEEDS.find((s) => s.name === 'nginx')!;
const stac = SEEDS.find((s) => s.name === 'stac-collection')!;
const s3 = SEEDS.find((s) => s.name === 's3')!;
const xmlHead = `<catalog xmlns:xlink="http://www.w3.org/1999/xlink"><service name="h" serviceType="HTTPServer" base="/f/"/>`;
const refCatalog = (refs: string[]) =>
  `${xmlHead}${refs.map((r) => `<catalogRef xlink:href="${r}" xlink:title="${r}"/>`).join('')}<dataset name="x.nc" urlPath="x.nc" serviceName="h"/></catalog>`;
const stacCat = (id: string, hrefs: string[]) =>
  JSON.stringify({ type: 'Catalog', stac_version: '1.0.0', id, links: hrefs.map((href) => ({ rel: 'child', href })) });
const bytes = (n: number, fill: string) => new TextEncoder().encode(fill.repeat(Math.ceil(n / fill.length)));
/** A body that sends `first` and then breaks off (error) or never sends more (stall). */
const breaking = (first: string, how: 'error' | 'stall') =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(first));
      if (how === 'error') setTimeout(() => c.error(new TypeError('terminated')), 5);
    },
  });

interface Fixed {
  readonly name: string;
  readonly budget?: number;
  readonly run: () => Promise<string[]>;
}

/** Runs seed `s` served as `answer` (plus `extra` documents) and checks `expectFn` on what came out. */
const fixed = (
  name: string,
  s: Seed,
  answer: Answer,
  more: {
    extra?: Record<string, Answer>;
    budget?: number;
    abortAfter?: number;
    check?: (x: Awaited<ReturnType<typeof exercise>>) => string[];
  } = {},
): Fixed => ({
  name,
  budget: more.budget,
  run: async () => {
    const signal = more.abortAfter ? AbortSignal.timeout(more.abortAfter) : undefined;
    const x = await exercise(s.url, serve(s, answer, more.extra), { hosts: hostsOf(s), signal });
    return [...x.problems, ...(more.check?.(x) ?? [])];
  },
});

const LOL = `<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i || ''};`.repeat(10)}">`).join('')}]>`;
const notExpanded = (x: Awaited<ReturnType<typeof exercise>>) =>
  x.entries.some((e) => e.name.includes('aaaaaaaaaaaaaaaaaaaa')) ? ['an entity was expanded'] : [];
const typedOrBounded = (want: 'error' | 'entries') => (x: Awaited<ReturnType<typeof exercise>>) =>
  want === 'error' && x.error === undefined
    ? ['no error where one was due']
    : want === 'entries' && x.entries.length === 0
      ? [`no entries (${String(x.error)})`]
      : [];
const fetchedOnce = (x: Awaited<ReturnType<typeof exercise>>) => {
  const urls = x.seen.map((r) => r.url);
  return urls.length === new Set(urls).size ? [] : [`a document fetched twice: ${urls.join(' ')}`];
};

const INDEX_SEEDS = new Set(['nginx', 'apache', 'python']);

/** The answer's body as a stream of chunks of random sizes (a character may be split across two). */
function inChunks(a: Answer, rng: Rng): { answer: Answer; bytes: Uint8Array } | undefined {
  if (a.body instanceof ReadableStream) return undefined;
  const bytes = typeof a.body === 'string' ? new TextEncoder().encode(a.body) : a.body;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const n = 1 + Math.floor(rng() ** 2 * 16_384);
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
  return { answer: { ...a, body }, bytes };
}

/** Whether the entries listed from the chunks are the first entries of the page parsed whole. */
function sameAsWhole(bytes: Uint8Array, s: Seed, x: Awaited<ReturnType<typeof exercise>>): string[] {
  if (x.error !== undefined) return [];
  const whole = parseIndexPage(new TextDecoder().decode(bytes), s.url) ?? [];
  const names = whole.slice(0, x.entries.length).map((e) => e.name);
  const got = x.entries.map((e) => e.name);
  return JSON.stringify(names) === JSON.stringify(got) && x.entries.length === Math.min(whole.length, 600)
    ? []
    : [`listed in chunks: ${got.length} entries [${got.slice(0, 3).join(', ')}…], whole: ${whole.length}`];
}

const FIXED: Fixed[] = [
  fixed(
    'billion laughs in a THREDDS catalog',
    thredds,
    { body: thredds.body.replace('?>', `?>${LOL}`).replace(/name="a.nc"/, 'name="&a9;"') },
    { check: notExpanded },
  ),
  fixed(
    'billion laughs in an S3 page',
    s3,
    { body: s3.body.replace('?>', `?>${LOL}`).replace('p/a.nc', 'p/&a9;') },
    { check: notExpanded },
  ),
  fixed('external entities in a THREDDS catalog', thredds, {
    body: thredds.body
      .replace(
        '?>',
        `?><!DOCTYPE c [<!ENTITY x SYSTEM "http://${EVIL}/s"><!ENTITY % p SYSTEM "http://${EVIL}/d"> %p;]>`,
      )
      .replace('name="b.nc"', 'name="&x;"'),
  }),
  fixed('external entities in an index page', nginx, {
    body: `<!DOCTYPE html [<!ENTITY x SYSTEM "file:///etc/passwd">]>${nginx.body.replace('c.h5</a>', '&x;</a>')}`,
  }),
  fixed(
    'a million links in an index page',
    nginx,
    {
      body: `<title>Index of /d/</title>${Array.from({ length: 1_000_000 }, (_, i) => `<a href="${i}">${i}</a>\n`).join('')}`,
    },
    { budget: BIG_BUDGET_MS, check: typedOrBounded('entries') },
  ),
  fixed(
    'a million datasets in a THREDDS catalog',
    thredds,
    { body: `${xmlHead}${'<dataset name="d" urlPath="d"/>'.repeat(1_000_000)}</catalog>` },
    { budget: BIG_BUDGET_MS },
  ),
  fixed(
    'a million item links in a STAC catalog',
    stac,
    {
      body: stacCat(
        'm',
        Array.from({ length: 1_000_000 }, (_, i) => `${i}`),
      ),
    },
    { budget: BIG_BUDGET_MS, check: typedOrBounded('entries') },
  ),
  fixed(
    'a million keys in one S3 page',
    s3,
    { body: `<ListBucketResult>${'<Contents><Key>p/k</Key></Contents>'.repeat(1_000_000)}</ListBucketResult>` },
    { budget: BIG_BUDGET_MS, check: typedOrBounded('error') },
  ),
  fixed(
    'a 40 MiB index page',
    nginx,
    { body: bytes(40 * 2 ** 20, '<title>Index of /d/</title><a href="x.nc">x</a>') },
    { budget: BIG_BUDGET_MS, check: typedOrBounded('error') },
  ),
  fixed(
    'JSON nested a million deep',
    stac,
    { body: `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}` },
    { check: typedOrBounded('error') },
  ),
  fixed(
    'XML nested 100,000 deep',
    thredds,
    { body: `${xmlHead}${'<dataset name="d">'.repeat(100_000)}${'</dataset>'.repeat(100_000)}</catalog>` },
    { check: typedOrBounded('error') },
  ),
  fixed(
    'THREDDS catalogs in a cycle (a → b → a, and each to itself)',
    thredds,
    { body: refCatalog(['../b/catalog.xml', 'catalog.xml']) },
    {
      extra: { [`${ORIGIN}/b/catalog.xml`]: { body: refCatalog(['../thredds/catalog.xml', 'catalog.xml']) } },
      check: fetchedOnce,
    },
  ),
  fixed(
    'STAC catalogs in a cycle',
    stac,
    { body: stacCat('a', ['../b/catalog.json', './collection.json']) },
    {
      extra: { [`${ORIGIN}/b/catalog.json`]: { body: stacCat('b', ['../stac/collection.json']) } },
      check: fetchedOnce,
    },
  ),
  fixed('catalogRefs and STAC links to other hosts, walked', thredds, {
    body: refCatalog([`http://${EVIL}/catalog.xml`, `//${EVIL}/c.xml`, `https://${EVIL}/x`]),
  }),
  fixed('STAC links, assets and next pages on other hosts, walked', stac, {
    body: JSON.stringify({
      type: 'Collection',
      stac_version: '1.0.0',
      id: 'o',
      links: [
        { rel: 'child', href: `http://${EVIL}/c.json` },
        { rel: 'item', href: `//${EVIL}/i.json` },
        { rel: 'next', href: `http://${EVIL}/n` },
      ],
      assets: {
        a: { href: `http://${EVIL}/a.nc`, type: 'application/netcdf' },
        z: { href: `http://${EVIL}/z.zarr/`, type: 'application/vnd+zarr' },
      },
    }),
  }),
  fixed('an index page linking to other hosts', nginx, {
    body: `<title>Index of /d/</title><a href="http://${EVIL}/d/x.nc">x</a><a href="//${EVIL}/d/y/">y</a><a href="http://${HOST}:81/d/z.nc">z</a>`,
  }),
  fixed(
    'a body that breaks off',
    thredds,
    { body: breaking(thredds.body.slice(0, 300), 'error') },
    { check: typedOrBounded('error') },
  ),
  fixed(
    'a body that stalls (cancelled after 300 ms)',
    nginx,
    { body: breaking(nginx.body.slice(0, 200), 'stall') },
    {
      abortAfter: 300,
      check: (x) => (x.error instanceof AbortedError ? [] : [`not an abort: ${describeError(x.error)}`]),
    },
  ),
  fixed(
    'a PNG where a catalog was expected',
    thredds,
    { body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), contentType: 'image/png' },
    { check: typedOrBounded('error') },
  ),
  fixed(
    'an index page served as JSON',
    nginx,
    { body: nginx.body, contentType: 'application/json' },
    { check: typedOrBounded('entries') },
  ),
  fixed('a UTF-16 catalog', thredds, {
    body: new Uint8Array(new Uint16Array([0xfeff, ...[...thredds.body].map((c) => c.charCodeAt(0))]).buffer),
  }),
  fixed(
    'a Latin-1 index page',
    nginx,
    { body: Uint8Array.from(nginx.body.replace('c.h5', 'caf\u00e9.h5'), (c) => c.charCodeAt(0) & 0xff) },
    { check: typedOrBounded('entries') },
  ),
  fixed(
    'a 403 with an XML error body',
    s3,
    { body: '<Error><Code>AccessDenied</Code></Error>', status: 403 },
    { check: typedOrBounded('error') },
  ),
];

describe('listing fuzz', () => {
  const crashes: string[] = [];
  const hangs: string[] = [];
  let peak = 0;
  let slowest = 0;

  it(`survives ${FIXED.length} hostile documents`, { timeout: 900_000 }, async () => {
    for (const f of FIXED) {
      const budget = f.budget ?? CASE_BUDGET_MS;
      const t0 = performance.now();
      const r = await withDeadline(heapBounded(f.run), budget * 2);
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      if (process.env.ZARRVIEW_LISTING_FUZZ_VERBOSE) console.log(`${Math.round(ms)} ms  ${f.name}`);
      if (r === 'hang' || ms > budget) hangs.push(`${f.name}: took ${Math.round(ms)} ms`);
      else {
        peak = Math.max(peak, r.peak);
        if (r.problems.length) crashes.push(`${f.name}: ${r.problems.join('\n')}`);
      }
    }
    expect(crashes).toEqual([]);
    expect(hangs).toEqual([]);
  });

  it(`survives ${CASES} damaged documents`, { timeout: 900_000 }, async () => {
    const run = await fuzzCases({
      seed: SEED,
      cases: CASES,
      budgetMs: CASE_BUDGET_MS,
      inputs: SEEDS,
      kinds: Object.keys(MUTATIONS),
      name: (s) => s.name,
      run: async (s, kind, rng) => {
        const d = MUTATIONS[kind]!(rng, s);
        const split = INDEX_SEEDS.has(s.name) ? inChunks(d, rng) : undefined;
        const r = await heapBounded(async () => {
          const x = await exercise(s.url, serve(s, split?.answer ?? d), { hosts: hostsOf(s) });
          return [...x.problems, ...(split ? sameAsWhole(split.bytes, s, x) : [])];
        });
        peak = Math.max(peak, r.peak);
        return r.problems;
      },
    });
    crashes.push(...run.crashes);
    hangs.push(...run.hangs);
    slowest = Math.max(slowest, run.slowest);
    console.log(
      `listing fuzz: ${run.kinds}; slowest case ${Math.round(slowest)} ms; heap peak +${Math.round(peak / 2 ** 20)} MiB`,
    );
    writeCounts({
      suite: 'listing-fuzz',
      what: `the lister (resolve, three pages, probes, a bounded walk) on ${FIXED.length} hostile documents (billion laughs, external entities, a million entries, deep nesting, catalogs in a cycle, links to other hosts, broken and stalled bodies, wrong types, UTF-16/Latin-1) and ${CASES} damaged index pages, THREDDS catalogs, STAC documents and S3 pages, seed ${SEED}: typed errors or bounded pages, no request to another host, credentials only to S3`,
      cases: FIXED.length + CASES,
      crashes: crashes.length,
      hangs: hangs.length,
      notes: `${run.kinds}; slowest case ${Math.round(slowest)} ms; heap peak +${Math.round(peak / 2 ** 20)} MiB`,
    });
    expect(run.crashes.slice(0, 10)).toEqual([]);
    expect(run.hangs.slice(0, 10)).toEqual([]);
  });
});
