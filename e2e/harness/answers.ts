/**
 * Answers of the static server under `/answers/` for the end-to-end tests of open errors (e2e/ui/open-errors.spec.ts):
 * objects that are no dataset (a web page, JSON, text, a PNG image), a 403 and a 410 for every path below
 * `forbidden/` and `gone/`, and `s3like/`, an S3-compatible endpoint that has no bucket at all and says so with CORS
 * headers (404 NoSuchBucket). Range and HEAD work as for files.
 */
import type http from 'node:http';
import { parseRange } from './http-helpers';

const PAGE =
  '<!DOCTYPE html>\n<html lang="en"><head><title>About the data</title></head><body><p>A page about a dataset.</p></body></html>\n';
/** The PNG signature and the start of an IHDR chunk (what a sniff of the first bytes sees). */
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);

const OBJECTS: Record<string, { type: string; body: Buffer }> = {
  'page.html': { type: 'text/html; charset=utf-8', body: Buffer.from(PAGE) },
  'data.json': { type: 'application/json', body: Buffer.from('{"title": "A catalogue entry", "links": []}\n') },
  'notes.txt': { type: 'text/plain; charset=utf-8', body: Buffer.from('Temperature readings, station 7, 2021\n') },
  'image.png': { type: 'image/png', body: PNG },
};

function noSuchBucket(p: string): string {
  const bucket = p.split('/')[0] ?? '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>${bucket}</BucketName></Error>`;
}

/** Answers a request for `/answers/<p>`; returns the status sent. */
export function answer(req: http.IncomingMessage, res: http.ServerResponse, p: string): number {
  const head = req.method === 'HEAD';
  const plain = (status: number, type: string, body: string): number => {
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.end(head ? undefined : body);
    return status;
  };
  if (p.startsWith('forbidden/')) return plain(403, 'text/plain', 'Forbidden');
  if (p.startsWith('gone/')) return plain(410, 'text/plain', 'Gone');
  if (p.startsWith('s3like/')) return plain(404, 'application/xml', noSuchBucket(p.slice('s3like/'.length)));
  const o = OBJECTS[p];
  if (!o) return plain(404, 'text/plain', 'Not found');
  let [start, end] = [0, o.body.length - 1];
  res.setHeader('Content-Type', o.type);
  res.setHeader('Accept-Ranges', 'bytes');
  res.statusCode = 200;
  const r = req.headers.range ? parseRange(req.headers.range, o.body.length) : null;
  if (r) {
    [start, end] = r;
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${o.body.length}`);
  }
  res.setHeader('Content-Length', String(end - start + 1));
  res.end(head ? undefined : o.body.subarray(start, end + 1));
  return res.statusCode;
}
