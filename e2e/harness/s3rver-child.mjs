// Runs s3rver in its own process: `node --openssl-legacy-provider s3rver-child.mjs <port> <dir> <bucket,...>`.
// s3rver's list pagination needs the legacy OpenSSL provider, hence a separate process. Prints `ready <port>`.
import S3rver from 's3rver';

const [port, directory, buckets] = process.argv.slice(2);
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  resetOnClose: true,
  vhostBuckets: true,
  // Virtual-host buckets at bucket.s3.localhost (Chromium resolves *.localhost to loopback).
  serviceEndpoint: 'localhost',
  configureBuckets: (buckets ?? '').split(',').filter(Boolean).map((name) => ({ name, configs: [cors] })),
});
const { port: actual } = await server.run();
process.stdout.write(`ready ${actual}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
