/**
 * Starts the servers the end-to-end tests use and returns their teardown: the static fixture server (Range,
 * CORS, latency and faults), s3rver with the fixtures uploaded, and a SigV4-verifying proxy in front of s3rver.
 * `vite preview` is Playwright's webServer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3rver } from '../../src/store/testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from '../../src/store/testing/sigv4-proxy';
import { BUCKET, S3_PORT, SIGNED_CREDENTIALS, SIGNED_PORT, SIGNED_REGION, STATIC_PORT } from './ports';
import { startStaticServer } from './static-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const staticServer = await startStaticServer(root, STATIC_PORT);
  const s3 = await startS3rver({ buckets: [BUCKET], cors: true, port: S3_PORT, vhost: true });
  let signed: SigV4Proxy | undefined;
  try {
    for (const folder of ['fixtures', 'public/demo']) {
      await s3.putFolder(BUCKET, folder, path.join(root, folder));
    }
    signed = await startSigV4Proxy({
      target: s3.url,
      credentials: SIGNED_CREDENTIALS,
      region: SIGNED_REGION,
      port: SIGNED_PORT,
    });
  } catch (e) {
    await Promise.all([s3.stop(), staticServer.stop()]);
    throw e;
  }
  return async () => {
    await Promise.all([s3.stop(), staticServer.stop(), signed?.stop()]);
  };
}
