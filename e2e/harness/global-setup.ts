/**
 * Starts the servers the end-to-end tests use and returns their teardown: the static fixture server (Range,
 * CORS, latency and faults) and s3rver with the fixtures uploaded. `vite preview` is Playwright's webServer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUCKET, S3_PORT, STATIC_PORT } from './ports';
import { startS3, uploadFolder } from './s3';
import { startStaticServer } from './static-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const staticServer = await startStaticServer(root, STATIC_PORT);
  const s3 = await startS3(S3_PORT, [BUCKET]);
  try {
    for (const folder of ['fixtures', 'public/demo']) {
      await uploadFolder(s3, BUCKET, path.join(root, folder), `${folder}/`);
    }
  } catch (e) {
    await Promise.all([s3.stop(), staticServer.stop()]);
    throw e;
  }
  return async () => {
    await Promise.all([s3.stop(), staticServer.stop()]);
  };
}
