/**
 * The index page parser fed in chunks: any split of a page gives the entries of the page read whole; a page read as
 * a stream hands out its first page before its end, stops when its last reader gives up, and keeps what arrived
 * when it goes over the bound. python.html is `python3 -m http.server`'s own page of a folder
 * (scripts/fixtures/make-autoindex.py), python.json that folder's names as os.listdir gave them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors';
import { seededRng, type Rng } from '../testing/seeded-rng';
import { IndexPageParser, parseIndexPage } from './index-stream';
import { createLister } from './place';

const DIR = new URL('../../fixtures/listing/autoindex/', import.meta.url);
const PYTHON = readFileSync(new URL('python.html', DIR), 'utf8');
const NAMES = JSON.parse(readFileSync(new URL('python.json', DIR), 'utf8')) as [string, boolean][];
const BASE = 'http://h.test/data/';

const NGINX = `<html><head><title>Index of /data/</title></head><body><h1>Index of /data/</h1><hr><pre><a href="../">../</a>
${Array.from({ length: 400 }, (_, i) => `<a href="f${i}.nc">f${i}.nc</a>${' '.repeat(40)}21-Mar-2024 10:${String(i % 60).padStart(2, '0')}    ${i * 1000}`).join('\n')}
<a href="2024/">2024/</a>                                              21-Mar-2024 10:00                   -
</pre><hr></body></html>`;
const APACHE = `<title>Index of /data</title><table><tr><th><a href="?C=N;O=D">Name</a></th></tr>
${Array.from({ length: 200 }, (_, i) => `<tr><td valign="top"><img src="/icons/unknown.gif" alt="[   ]"></td><td><a href="x${i}.nc">x${i}.nc</a></td><td align="right">2023-01-02 03:04  </td><td align="right">${i}.5K</td></tr>`).join('\n')}
</table>`;
/** Tags no index writes: `>` and `<a ` inside quotes, a quote never closed, a long tag, a row past 4096 characters. */
const HOSTILE = `<title>Index of /data/</title><a title="x>y" href="q1.nc">q</a> 2024-01-01 00:00 5
<a title='<a href="no.nc">' href="q2.nc">q2</a><a title="never closed href="q3.nc">q3</a>
<a href="q4.nc" data-x="${'z'.repeat(20_000)}">long</a><a href="q5.nc">q5</a>${' '.repeat(5000)} 2024-02-02 00:00 7
<a href="q6.nc">q6</a><script>1</script><a href=q7.nc>q7</a><a href="q1.nc">dup</a> <a href="q8.nc`;
const UNTITLED = `<ul><li><a href="u1.nc">u1</a></li><li><a href="u2/">u2</a></li></ul>`;
const SCRIPTED = `<div><a href="s1.nc">s</a></div><scr` + `ipt>x</script>`;

/** `text` cut into pieces of random lengths (1 character up to a few thousand). */
function split(text: string, rng: Rng): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    const n = 1 + Math.floor(rng() ** 3 * 6000);
    out.push(text.slice(at, at + n));
    at += n;
  }
  return out;
}

function parseChunks(chunks: readonly string[]) {
  const p = new IndexPageParser(BASE);
  for (const c of chunks) p.push(c);
  p.end();
  return { isIndex: p.isIndex, entries: p.isIndex ? p.entries : undefined };
}

describe('the index page parser in chunks', () => {
  it("reads python's http.server page as the folder's listing", () => {
    const e = parseIndexPage(PYTHON, BASE)!;
    expect(e.map((x) => [x.name, !!x.place])).toEqual(NAMES);
    expect(e.find((x) => x.name === 'R&D.nc')!.open).toBe('http://h.test/data/R%26D.nc');
  });

  it('gives the entries of the whole page for any split', () => {
    const rng = seededRng(40);
    for (const doc of [PYTHON, NGINX, APACHE, HOSTILE, UNTITLED, SCRIPTED]) {
      const whole = parseChunks([doc]);
      expect(whole.isIndex).toBe(doc !== SCRIPTED);
      for (let run = 0; run < 40; run++) expect(parseChunks(split(doc, rng))).toEqual(whole);
      // One character at a time: every tag, entity and title split everywhere.
      expect(parseChunks([...doc])).toEqual(whole);
    }
    // Whatever the split: the over-long tag is no anchor, and a name is listed once.
    const hostile = parseChunks([HOSTILE]).entries!.map((e) => e.name);
    expect(hostile).not.toContain('q4.nc');
    expect(hostile.filter((n) => n === 'q1.nc')).toHaveLength(1);
  });

  it('knows a titled page is an index from its title, an untitled one at its end', () => {
    const p = new IndexPageParser(BASE);
    p.push('<title>Directory list');
    expect(p.isIndex).toBeUndefined();
    p.push('ing for /data/</title>');
    expect(p.isIndex).toBe(true);
    const u = new IndexPageParser(BASE);
    u.push(UNTITLED);
    expect(u.isIndex).toBeUndefined();
    u.end();
    expect(u.isIndex).toBe(true);
  });
});

/** A fetch whose one document is a stream the test feeds (`send`, `close`), recording whether it was cancelled. */
function trickle(url: string) {
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false, requests: 0 };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (ctl = c),
    cancel: () => void (state.cancelled = true),
  });
  const fetch = async (u: string) => {
    if (u !== url) return new Response('no', { status: 404 });
    state.requests++;
    const res = new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
    Object.defineProperty(res, 'url', { value: u });
    return res;
  };
  const enc = new TextEncoder();
  return { fetch, state, send: (t: string) => ctl.enqueue(enc.encode(t)), close: () => ctl.close() };
}

const tileName = (i: number) => `tile_${String(i).padStart(6, '0')}.nc`;
const row = (i: number) => `<li><a href="${tileName(i)}">${tileName(i)}</a></li>\n`;
const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => row(from + i)).join('');

describe('an index page read as a stream', () => {
  it('hands out its first page before its end, and the rest as it comes', async () => {
    const net = trickle('http://h.test/big/');
    const lister = createLister({ fetch: net.fetch });
    net.send(`<title>Directory listing for /big/</title><ul>\n${rows(0, 1500)}<li><a href="tile_00`);
    const place = await lister.resolve('http://h.test/big/');
    const first = await lister.list(place, { pageSize: 1000 });
    expect(first.entries.map((e) => e.name)).toEqual(Array.from({ length: 1000 }, (_, i) => tileName(i)));
    expect(first.arriving).toBe(true);
    const second = lister.list(place, { pageSize: 1000, cursor: first.next });
    net.send(`1500.nc">x</a></li>\n${rows(1501, 2400)}</ul>`);
    net.close();
    const p2 = await second;
    expect(p2.entries).toHaveLength(1000);
    expect(p2.arriving).toBeUndefined();
    const p3 = await lister.list(place, { pageSize: 1000, cursor: p2.next });
    expect([p3.entries.length, p3.next]).toEqual([400, undefined]);
    expect(net.state.requests).toBe(1);
  });

  it('stops reading when its last reader gives up', async () => {
    const net = trickle('http://h.test/big/');
    const lister = createLister({ fetch: net.fetch });
    net.send(`<title>Directory listing for /big/</title><ul>\n${rows(0, 300)}`);
    const place = await lister.resolve('http://h.test/big/');
    const c = new AbortController();
    const waiting = lister.list(place, { pageSize: 1000, signal: c.signal });
    c.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    await new Promise((r) => setTimeout(r, 0));
    expect(net.state.cancelled).toBe(true);
  });

  it('keeps what arrived before the size bound, and the page past it says why', async () => {
    const net = trickle('http://h.test/big/');
    const lister = createLister({ fetch: net.fetch });
    net.send(`<title>Directory listing for /big/</title><ul>\n${rows(0, 1200)}`);
    const place = await lister.resolve('http://h.test/big/');
    for (let i = 0; i < 700; i++) net.send(rows(1200 + i * 1000, 1200 + (i + 1) * 1000));
    const p1 = await lister.list(place, { pageSize: 1_000_000 });
    expect(p1.entries.length).toBeGreaterThan(400_000);
    expect(p1.entries.at(-1)!.name).toBe(tileName(p1.entries.length - 1));
    await expect(lister.list(place, { pageSize: 1000, cursor: p1.next })).rejects.toThrow(/over 33554432 bytes/);
  });
});
