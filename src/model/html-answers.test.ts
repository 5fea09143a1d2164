import { describe, expect, it } from 'vitest';
import { HtmlAnswerError, isMetadataKey, looksLikeHtml, looksLikeJson } from '../store/html';
import { HttpStore, type FetchLike } from '../store/http-store';
import { readDataset } from './read-dataset';
import { zarrayJson } from './testing/zarray';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en"><head><title>Zarrview</title></head><body><div id="root"></div></body></html>\n';
const zarray = zarrayJson();

/**
 * A host that answers every missing path with its index page and status 200, as Vite's dev server, `vite preview`
 * and single-page-app hosting do. `files` are served as they are; `type` is the Content-Type of the fallback.
 */
function fallbackHost(
  files: Record<string, unknown>,
  fallback = INDEX_HTML,
  type = 'text/html',
): FetchLike & { paths: string[] } {
  const paths: string[] = [];
  const serve = async (input: string): Promise<Response> => {
    const key = new URL(input).pathname.replace(/^\/ds\//, '');
    paths.push(key);
    const v = files[key];
    if (v === undefined) return new Response(fallback, { status: 200, headers: { 'content-type': type } });
    const body = typeof v === 'string' ? v : JSON.stringify(v);
    return new Response(body, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
  };
  return Object.assign(serve, { paths });
}

const open = (fetch: FetchLike, mode = {}) =>
  readDataset(new HttpStore('http://host/ds', { fetch }), { mode, name: 'ds' });

describe('HTML answers where metadata is expected', () => {
  it('recognises markup and JSON by their first significant character (after a BOM and whitespace)', () => {
    const enc = new TextEncoder();
    expect(looksLikeHtml(enc.encode(' \r\n\t<!DOCTYPE html>'))).toBe(true);
    expect(looksLikeHtml(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x68]))).toBe(true);
    expect(looksLikeHtml(enc.encode('{"zarr_format": 2}'))).toBe(false);
    expect(looksLikeHtml(new Uint8Array(0))).toBe(false);
    expect(looksLikeJson(enc.encode('\n [1]'))).toBe(true);
    expect(looksLikeJson(enc.encode('<html>'))).toBe(false);
    expect(isMetadataKey('/a/b/.zarray')).toBe(true);
    expect(isMetadataKey('/zarr.json')).toBe(true);
    expect(isMetadataKey('/a/0.0')).toBe(false);
    expect(isMetadataKey('/a/my.zarray.bak')).toBe(false);
  });

  it('a consolidated v2 store on a host with a fallback page opens with no problem (the v3 probe reads the page as absent)', async () => {
    const fetch = fallbackHost({
      '.zmetadata': {
        zarr_consolidated_format: 1,
        metadata: {
          '.zgroup': { zarr_format: 2 },
          '.zattrs': { title: 't' },
          'a/.zarray': zarray,
          'a/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
        },
      },
    });
    const ds = await open(fetch);
    expect(ds.problems).toEqual([]);
    expect(ds.root.variables.map((v) => v.name)).toEqual(['a']);
    expect(fetch.paths).toContain('zarr.json');
  });

  it('an unconsolidated NCZarr store: .zmetadata, zarr.json and .nczarr answered with the page are absent', async () => {
    const fetch = fallbackHost({
      '.zgroup': { zarr_format: 2 },
      '.zattrs': {
        _nczarr_superblock: { version: '2.0.0' },
        _nczarr_group: { dimensions: { x: 3 }, arrays: ['a'], groups: [] },
      },
      'a/.zarray': zarray,
      'a/.zattrs': { _nczarr_array: { dimension_references: ['/x'], storage: 'chunked' } },
    });
    const ds = await open(fetch, { nczarr: true });
    expect(ds.problems).toEqual([]);
    expect(ds.root.variables[0]?.dimensions.map((d) => d.name)).toEqual(['x']);
  });

  it('detects the page by its body when the Content-Type says nothing useful', async () => {
    const fetch = fallbackHost(
      { '.zgroup': { zarr_format: 2 }, '.zattrs': { a: 1 } },
      `\n\n  ${INDEX_HTML}`,
      'application/octet-stream',
    );
    const ds = await open(fetch);
    expect(ds.problems).toEqual([]);
    expect(ds.root.attributes.map((a) => a.name)).toEqual(['a']);
  });

  it('reads JSON that a server labels text/html', async () => {
    const f: FetchLike = async (input) =>
      new URL(input).pathname === '/ds/.zgroup'
        ? new Response('{"zarr_format": 2}', { headers: { 'content-type': 'text/html' } })
        : new Response('not found', { status: 404 });
    const ds = await open(f);
    expect(ds.problems).toEqual([]);
  });

  it('HttpStore: a metadata key answered with a text/html page throws HtmlAnswerError; chunks are returned as they are', async () => {
    const store = new HttpStore('http://host/ds', { fetch: fallbackHost({}, 'Not here', 'text/html; charset=utf-8') });
    await expect(store.get('/.zarray')).rejects.toBeInstanceOf(HtmlAnswerError);
    await expect(store.get('/.zarray')).rejects.toMatchObject({ code: 'not-found', key: '/.zarray' });
    expect(new TextDecoder().decode(await store.get('/a/0.0'))).toBe('Not here');
  });

  it('a URL where every key is a web page: not-found, naming the pages and the likely cause', async () => {
    const err = await open(fallbackHost({})).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'not-found' });
    const message = (err as Error).message;
    expect(message).toContain('No Zarr metadata at http://host/ds');
    expect(message).toMatch(/zarr\.json.*\.zgroup/);
    expect(message).toContain('web page (HTML)');
    expect(message).toContain('single-page-app fallback');
  });

  it('a required .zarray that is a web page is a problem that says so', async () => {
    const fetch = fallbackHost({
      '.zgroup': { zarr_format: 2 },
      '.zattrs': {
        _nczarr_superblock: { version: '2.0.0' },
        _nczarr_group: { dimensions: { x: 3 }, arrays: ['a', 'b'], groups: [] },
      },
      'a/.zarray': zarray,
      'a/.zattrs': { _nczarr_array: { dimension_references: ['/x'], storage: 'chunked' } },
    });
    const ds = await open(fetch, { nczarr: true });
    expect(ds.root.variables.map((v) => v.name)).toEqual(['a']);
    expect(ds.problems).toHaveLength(1);
    expect(ds.problems[0]!.message).toContain(
      'b/.zarray: the group lists this array but its .zarray is a web page (HTML), not JSON.',
    );
    expect(ds.problems[0]!.message).toContain('Check the URL');
  });

  it('a subgroup the NCZarr group names, whose .zgroup is a web page, is a problem with the fallback-page advice', async () => {
    const fetch = fallbackHost({
      '.zgroup': {
        zarr_format: 2,
        _nczarr_superblock: { version: '2.0.0' },
        _nczarr_group: { dimensions: {}, arrays: [], groups: ['g'] },
      },
      '.zattrs': {},
    });
    const ds = await open(fetch, { nczarr: true });
    expect(ds.root.groups).toEqual([]);
    expect(ds.problems).toHaveLength(1);
    expect(ds.problems[0]!.message).toContain(
      'g/.zgroup: the group lists this subgroup but its .zgroup is a web page (HTML), not JSON.',
    );
    expect(ds.problems[0]!.message).toContain('Check the URL');
  });

  it('without the fallback (404s), messages stay as they were', async () => {
    const f: FetchLike = async () => new Response('no', { status: 404 });
    const err = await open(f).catch((e: unknown) => e);
    expect((err as Error).message).not.toContain('HTML');
  });
});
