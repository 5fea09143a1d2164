/**
 * For a test file's `describe` block: s3rver (with CORS) serving one folder as `bucket/prefix/…`, started before the
 * block's tests and stopped after them.
 *
 * @example
 * const s3 = s3rverWithFolder('bucket', 'aggregate', AGG);
 * it('…', async () => { await fetch(`${s3.url}/bucket/aggregate/a.nc`); });
 */
import { afterAll, beforeAll } from 'vitest';
import { startS3rver, type S3rverHandle } from './s3rver';

export interface ServedFolder {
  /** `http://127.0.0.1:<port>`; read it inside a test, once the server has started. */
  readonly url: string;
}

export function s3rverWithFolder(bucket: string, prefix: string, folder: string): ServedFolder {
  let s3: S3rverHandle | undefined;
  beforeAll(async () => {
    s3 = await startS3rver({ buckets: [bucket], cors: true });
    await s3.putFolder(bucket, prefix, folder);
  }, 60_000);
  afterAll(async () => s3?.stop());
  return {
    get url() {
      if (!s3) throw new Error('s3rver has not started');
      return s3.url;
    },
  };
}
