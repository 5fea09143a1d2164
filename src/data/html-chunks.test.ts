// A chunk answered with a site's fallback page (HTTP 200, text/html, as single-page-app hosts answer any missing
// file) is a missing chunk: the fill value, never bytes to decode; the read and the dataset report it once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataset } from '../open';
import { HTML_CHUNK_ADVICE, HtmlAnswerError } from '../store/html';
import { type FetchLike, HttpStore } from '../store/http-store';
import { emptyTelemetry } from '../store/types';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { type ExpectedArray, variableFromFolder } from './testing/variable';

const ROOT = join(import.meta.dirname, 'testdata', 'v2.zarr');
const expected = JSON.parse(readFileSync(join(import.meta.dirname, 'testdata', 'expected.json'), 'utf8')) as Record<
  string,
  ExpectedArray
>;
const INDEX_HTML =
  '<!doctype html>\n<html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>\n';

/** Serves the fixture folder at http://host/ds/; a missing file gets the index page with status 200. */
function fallbackHost(): FetchLike & { paths: string[] } {
  const paths: string[] = [];
  const serve = async (input: string): Promise<Response> => {
    const key = decodeURIComponent(new URL(input).pathname.replace(/^\/ds\//, ''));
    paths.push(key);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(readFileSync(join(ROOT, key)));
    } catch {
      return new Response(INDEX_HTML, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
    return new Response(body, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
  };
  return Object.assign(serve, { paths });
}

describe('chunks answered with an HTML page', () => {
  it('the store throws HtmlAnswerError for an HTML chunk answer, and returns bytes that merely start with "<"', async () => {
    const store = new HttpStore('http://host/ds', { fetch: fallbackHost() });
    await expect(store.get('/missing/1')).rejects.toBeInstanceOf(HtmlAnswerError);
    await expect(store.get('/missing/1')).rejects.toThrow(/web page \(HTML\), not Zarr data/);
    const binary = new HttpStore('http://host/ds', {
      fetch: async () => new Response('<binary', { headers: { 'content-type': 'application/octet-stream' } }),
    });
    expect(await binary.get('/missing/1')).toEqual(new TextEncoder().encode('<binary'));
  });

  it("are read as missing: the values equal zarr-python's (fill value where a chunk does not exist)", async () => {
    const fetch = fallbackHost();
    const store = new HttpStore('http://host/ds', { fetch });
    const ctx = createDataContext({ workers: false });
    const slice = await readSlice(store, variableFromFolder(ROOT, 'missing'), [], { context: ctx });
    expect(fetch.paths).toEqual(expect.arrayContaining(['missing/1', 'missing/3']));
    expect(slice.failedChunks).toBeUndefined();
    expect(Array.from(slice.data as Int16Array)).toEqual(expected.missing?.values);
    expect(slice.htmlChunks).toBe(2);
  });

  it('the dataset reports them once, with what it means and what to do', async () => {
    const fetch = fallbackHost();
    const ds = await openDataset(
      { kind: 'url', url: 'http://host/ds/missing#mode=zarr' },
      {
        context: createDataContext({ workers: false }),
        openStore: async () => ({
          store: new HttpStore('http://host/ds/missing', { fetch }),
          mode: { zarr: true, medium: 'http' },
          name: 'missing',
          telemetry: emptyTelemetry(),
          location: 'http://host/ds/missing#mode=zarr',
        }),
      },
    );
    expect(ds.model.problems).toEqual([]);
    expect(ds.notices()).toEqual([]);
    await ds.read('/missing', []);
    await ds.read('/missing', [{ start: 3, stop: 9, step: 1 }]);
    const notices = ds.notices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'html-chunks', message: HTML_CHUNK_ADVICE, variable: '/missing' });
    // The second read found the missing chunks in the cache: each chunk is counted once.
    expect(notices[0]?.count).toBe(2);
    expect(HTML_CHUNK_ADVICE).toMatch(/web page \(HTML\).*missing.*404/s);
  });
});
