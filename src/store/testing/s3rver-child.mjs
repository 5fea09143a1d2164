// Runs s3rver in its own process, because its list pagination needs `node --openssl-legacy-provider`:
//   node --openssl-legacy-provider s3rver-child.mjs <dir> <bucket,...> <cors 0|1>
// Prints `ready <port>` once listening on 127.0.0.1 (port chosen by the OS).
import S3rver from 's3rver';

const [directory, buckets, withCors] = process.argv.slice(2);
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader>
<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  resetOnClose: true,
  configureBuckets: (buckets ?? '').split(',').filter(Boolean).map((name) => ({ name, configs: withCors === '1' ? [cors] : [] })),
});
const { port } = await server.run();
process.stdout.write(`ready ${port}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
