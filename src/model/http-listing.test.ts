// An unconsolidated Zarr v2 group over plain HTTP: its arrays are found where the server lists (an HTML directory
// index, S3 ListObjectsV2 reached by a plain URL), and where nothing lists the group says what to do instead.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../opening/open-store';
import { s3rverWithFolder } from '../store/testing/s3rver-folder';
import { readDataset } from './read-dataset';

const REPO = path.join(import.meta.dirname, '..', '..');
const FOLDER = path.join(REPO, 'fixtures', 'xarray-world', 'cmip-like-unconsolidated.zarr');
const expected = JSON.parse(readFileSync(path.join(REPO, 'fixtures', 'xarray-world', 'expected.json'), 'utf8')) as {
  datasets: Record<string, { tree: { arrays: Record<string, { shape: number[] }> } }>;
};
const ARRAYS = Object.keys(expected.datasets['cmip-like-unconsolidated']!.tree.arrays).sort();

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A static host over `FOLDER` at `/data/ds.zarr`: files as they are, folders as nginx's autoindex page (the layout
 * of testdata/autoindex/nginx-autoindex.html, dot files hidden as nginx does), or 404 when `index` is false.
 */
function staticHost(index: boolean) {
  const requests: string[] = [];
  const fetch = async (input: string): Promise<Response> => {
    const url = new URL(input);
    requests.push(url.pathname + url.search);
    if (url.search || !url.pathname.startsWith('/data/ds.zarr')) return new Response('Not found', { status: 404 });
    const file = path.join(FOLDER, decodeURIComponent(url.pathname.slice('/data/ds.zarr'.length)));
    const stat = (() => {
      try {
        return statSync(file);
      } catch {
        return undefined;
      }
    })();
    if (stat?.isFile()) return new Response(readFileSync(file));
    if (!stat?.isDirectory() || !url.pathname.endsWith('/') || !index)
      return new Response('<html><body>404 Not Found</body></html>', {
        status: 404,
        headers: { 'content-type': 'text/html' },
      });
    const rows = readdirSync(file)
      .filter((n) => !n.startsWith('.'))
      .map((n) => (statSync(path.join(file, n)).isDirectory() ? `${n}/` : n))
      .map(
        (n) =>
          `<a href="${encodeURIComponent(n.replace(/\/$/, ''))}${n.endsWith('/') ? '/' : ''}">${escape(n)}</a>     23-Nov-2026 19:45    -`,
      );
    const page = `<html>\n<head><title>Index of ${escape(url.pathname)}</title></head>\n<body>\n<h1>Index of ${escape(url.pathname)}</h1><hr><pre><a href="../">../</a>\n${rows.join('\n')}\n</pre><hr></body>\n</html>\n`;
    return new Response(page, { headers: { 'content-type': 'text/html' } });
  };
  return { fetch, requests };
}

describe('unconsolidated Zarr over plain HTTP', () => {
  it('finds the arrays through an HTML directory index', async () => {
    const host = staticHost(true);
    const o = await openStore({ kind: 'url', url: 'http://host/data/ds.zarr' }, { fetch: host.fetch });
    const ds = await readDataset(o.store, { name: o.name });
    expect(ds.problems).toEqual([]);
    expect(ds.root.variables.map((v) => v.name).sort()).toEqual(ARRAYS);
    expect(ds.root.variables.find((v) => v.name === 'tas')?.shape).toEqual(
      expected.datasets['cmip-like-unconsolidated']!.tree.arrays.tas!.shape,
    );
    expect(host.requests).toContain('/data/ds.zarr/');
  });

  it('where nothing lists, the group says why and what to do, once', async () => {
    const host = staticHost(false);
    const o = await openStore({ kind: 'url', url: 'http://host/data/ds.zarr' }, { fetch: host.fetch });
    const ds = await readDataset(o.store, { name: o.name });
    expect(ds.root.variables).toEqual([]);
    expect(ds.root.attributes.map((a) => a.name)).toContain('variant_label');
    expect(ds.problems).toHaveLength(1);
    const message = ds.problems[0]!.message;
    expect(message).toContain('has no consolidated metadata (.zmetadata)');
    expect(message).toContain('zarr.consolidate_metadata(store)');
    expect(message).toContain('paste the URL of one array (http://host/data/ds.zarr/<array name>)');
    // Tried: the index, S3 path style; then never again for this store.
    const tries = host.requests.filter((r) => r === '/data/ds.zarr/' || r.includes('list-type=2'));
    expect(tries).toHaveLength(2);
    await expect(o.store.list!('/tas/')).rejects.toMatchObject({ code: 'unsupported' });
    expect(host.requests.filter((r) => r === '/data/ds.zarr/' || r.includes('list-type=2'))).toHaveLength(2);
  });

  it('a URL with no dataset is still "no Zarr metadata", not a listing problem', async () => {
    const o = await openStore({ kind: 'url', url: 'http://host/data/none.zarr' }, { fetch: staticHost(false).fetch });
    await expect(readDataset(o.store)).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('No Zarr metadata'),
    });
  });
});

describe('an S3-compatible host reached by a plain http URL', () => {
  const s3 = s3rverWithFolder('bucket', 'ds.zarr', FOLDER);

  it('lists with ListObjectsV2 (path style) and finds every array', async () => {
    const o = await openStore({ kind: 'url', url: `${s3.url}/bucket/ds.zarr` });
    expect(o.mode.medium).toBe('http');
    const ds = await readDataset(o.store, { name: o.name });
    expect(ds.problems).toEqual([]);
    expect(ds.root.variables.map((v) => v.name).sort()).toEqual(ARRAYS);
  });
});
