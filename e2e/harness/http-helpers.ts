/** The static test server's HTTP pieces: content types, CORS headers, Range parsing, request bodies, index pages. */
import { promises as fs } from 'node:fs';
import type http from 'node:http';

export const MIME: Record<string, string> = {
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.zip': 'application/zip',
};

export function cors(res: http.ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Range, Authorization, Content-Type, X-Amz-Date, X-Amz-Content-Sha256, X-Amz-Security-Token',
  );
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length, Accept-Ranges, ETag');
  res.setHeader('Access-Control-Max-Age', '600');
}

export function parseRange(header: string, size: number): [number, number] | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Math.min(Number(b), size);
    return [size - n, size - 1];
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || start > end) return null;
  return [start, end];
}

export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A folder's index page in nginx's `autoindex` layout (dot files hidden, as nginx does). */
export async function autoindexPage(dir: string, urlPath: string): Promise<string> {
  const entries = (await fs.readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  entries.sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || (a.name < b.name ? -1 : 1));
  const rows = entries.map((e) => {
    const slash = e.isDirectory() ? '/' : '';
    return `<a href="${encodeURIComponent(e.name)}${slash}">${escapeHtml(e.name)}${slash}</a>     01-Jan-2024 00:00       -`;
  });
  const title = `Index of ${escapeHtml(urlPath)}`;
  return `<html>\n<head><title>${title}</title></head>\n<body>\n<h1>${title}</h1><hr><pre><a href="../">../</a>\n${rows.join('\n')}\n</pre><hr></body>\n</html>\n`;
}

/** The page a single-page-app host answers for any path it has no file for. */
export const FALLBACK_PAGE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>App</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>\n';
