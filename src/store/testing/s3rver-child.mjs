// Runs s3rver in its own process, because its list pagination needs `node --openssl-legacy-provider`:
//   node --openssl-legacy-provider s3rver-child.mjs <dir> <bucket,...> <cors 0|1> [port] [vhost 0|1]
// Prints `ready <port>` once listening on 127.0.0.1 (port 0 or none: chosen by the OS). With vhost, bucket `b`
// is also served as the virtual host `b.s3.localhost` (Chromium resolves *.localhost to loopback).
import S3rver from 's3rver';

const [directory, buckets, withCors, port, vhost] = process.argv.slice(2);
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader>
<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({
  port: Number(port ?? 0),
  address: '127.0.0.1',
  directory,
  silent: true,
  resetOnClose: true,
  ...(vhost === '1' ? { vhostBuckets: true, serviceEndpoint: 'localhost' } : {}),
  configureBuckets: (buckets ?? '')
    .split(',')
    .filter(Boolean)
    .map((name) => ({ name, configs: withCors === '1' ? [cors] : [] })),
});

// AWS counts keys and common prefixes together against max-keys, so a folder listing with more than 1,000
// sub-folders comes in pages. s3rver counts only keys and returns every common prefix in one page; list here as
// AWS does. When a page ends on a common prefix, s3rver's controller still derives the continuation token from the
// last object key, so the page carries a marker object (key = prefix + U+10FFFF, after every key under that
// prefix) that the middleware below removes from the response again.
const MARK = '\u{10FFFF}';
const list = server.store.listObjects.bind(server.store);
// s3rver also omits a common prefix whose objects all lie two levels deeper or more (its directory walk stops at
// the delimiter): the common prefixes are derived here from the keys under the prefix, as AWS derives them.
const withDelimiter = async (bucket, options) => {
  const flat = await list(bucket, { ...options, delimiter: '', maxKeys: Infinity });
  const prefix = options.prefix ?? '';
  const objects = [];
  const prefixes = new Set();
  for (const o of flat.objects) {
    const at = o.key.indexOf(options.delimiter, prefix.length);
    if (at < 0) objects.push(o);
    else prefixes.add(o.key.slice(0, at + options.delimiter.length));
  }
  return { objects, commonPrefixes: [...prefixes].sort(), isTruncated: false };
};
server.store.listObjects = async (bucket, options) => {
  const maxKeys = options.maxKeys ?? Infinity;
  if (!options.delimiter) return list(bucket, options);
  const all = await withDelimiter(bucket, options);
  const entries = [
    ...all.objects.map((o) => ({ key: o.key, object: o })),
    ...all.commonPrefixes.map((p) => ({ key: p })),
  ];
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (entries.length <= maxKeys) return all;
  const page = entries.slice(0, maxKeys);
  const objects = page.filter((e) => e.object).map((e) => e.object);
  const commonPrefixes = page.filter((e) => !e.object).map((e) => e.key);
  const last = page[page.length - 1];
  if (!last.object)
    objects.push({ key: last.key + MARK, lastModifiedDate: new Date(0), metadata: { etag: '""' }, size: 0 });
  return { objects, commonPrefixes, isTruncated: true };
};
// After the XML encoder (middleware 1), before the router: drop the marker; KeyCount counts prefixes too.
server.middleware.splice(2, 0, async (ctx, next) => {
  await next();
  const result = ctx.body?.ListBucketResult;
  if (!result || !Array.isArray(result.Contents)) return;
  result.Contents = result.Contents.filter((c) => !c.Key.endsWith(MARK));
  if (result.KeyCount !== undefined) result.KeyCount = result.Contents.length + result.CommonPrefixes.length;
});

const { port: actual } = await server.run();
process.stdout.write(`ready ${actual}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
