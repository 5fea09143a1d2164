// s3rver 3.7.1 for the listing bench (scripts/bench-listing.mjs), in its own process because its list pagination
// needs `node --openssl-legacy-provider`:
//   node --openssl-legacy-provider bench/listing-s3rver.mjs <dir> <bucket>
// Unlike the tests' s3rver (src/store/testing/s3rver-child.mjs) its directory is kept on close (the 100,000 keys are
// written once, under bench/tmp) and it lists with s3rver's own ListObjectsV2, which is right for a prefix of
// objects without sub-folders (the tests' AWS-like common-prefix paging reads every key's metadata per request).
// CORS allows GET and HEAD from any origin. Prints `ready <port>` once listening on 127.0.0.1.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader>
<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  resetOnClose: false,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
const { port } = await server.run();
process.stdout.write(`ready ${port}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
