/**
 * `zarrview dump -h s3://bucket/dataset` against a real S3-protocol server (s3rver), the endpoint taken from
 * `AWS_ENDPOINT_URL` as AWS tools do, prints the same header as `zarrview dump -h` of the same dataset on disk —
 * anonymously, and signed with `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` through a proxy that verifies SigV4.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3rver, type S3rverHandle } from '../store/testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from '../store/testing/sigv4-proxy';
import { main } from './main';
import { awsEnvironment, type AwsEnvironment } from './testing/aws-env';
import { runMain } from './testing/capture';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const BUCKET = 'zarrview';
const CREDS = { accessKeyId: 'AKIDCLITEST', secretAccessKey: 'cli-test-secret' };

interface Fixture {
  readonly name: string;
  readonly path: string;
  readonly mode: string;
}
const index = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/index.json'), 'utf8')) as { datasets: Fixture[] };
const fixture = (name: string): Fixture => {
  const d = index.datasets.find((x) => x.name === name);
  if (!d) throw new Error(`no fixture ${name}`);
  return d;
};
/** NCZarr (netcdf-c), unconsolidated pure Zarr with 1,100 keys (found by listing), an NCZarr zip. */
const CASES = ['netcdf-c-4.9.3/nczarr-file/groups', 'zarr-python/many-keys', 'netcdf-c-4.9.3/nczarr-zip/groups'].map(
  fixture,
);

let s3: S3rverHandle;
let proxy: SigV4Proxy;
let home: string;
let env: AwsEnvironment;

beforeAll(async () => {
  s3 = await startS3rver({ buckets: [BUCKET] });
  for (const f of CASES) {
    if (f.path.endsWith('.zip')) await s3.put(BUCKET, f.path, readFileSync(path.join(ROOT, f.path)));
    else await s3.putFolder(BUCKET, f.path, path.join(ROOT, f.path));
  }
  proxy = await startSigV4Proxy({ target: s3.url, credentials: CREDS, region: 'us-east-1' });
  home = mkdtempSync(path.join(tmpdir(), 'zv-cli-s3-'));
  env = awsEnvironment(home);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await s3?.stop();
  rmSync(home, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  env.restore();
});

const run = (argv: string[]) => runMain(main, argv);

const mode = (f: Fixture, medium: string) =>
  f.mode.replace(/,?(file|zip)$/, '') + (f.path.endsWith('.zip') ? ',zip' : `,${medium}`);

describe('zarrview dump -h s3://… (endpoint from AWS_ENDPOINT_URL)', () => {
  for (const f of CASES) {
    it(`${f.name}: the same header as the dataset on disk, anonymous and signed`, async () => {
      const local = await run(['dump', '-h', `${path.join(ROOT, f.path)}#mode=${mode(f, 'file')}`]);
      expect(local.code).toBe(0);
      expect(local.out).toMatch(/^netcdf \S+ \{/);
      const url = `s3://${BUCKET}/${f.path}#mode=${mode(f, 's3')}`;

      env.set(s3.url);
      const anonymous = await run(['dump', '-h', url]);
      expect(anonymous.err).toBe('');
      expect(anonymous.code).toBe(0);
      expect(anonymous.out).toBe(local.out);

      env.set(proxy.url, CREDS);
      const before = proxy.verdicts.length;
      const signed = await run(['dump', '-h', url]);
      expect(signed.err).toBe('');
      expect(signed.out).toBe(local.out);
      const verdicts = proxy.verdicts.slice(before);
      expect(verdicts.length).toBeGreaterThan(0);
      expect(verdicts.every((v) => v.signed && v.valid)).toBe(true);
    });
  }

  it('a wrong secret fails with the signature message, and the secret is never printed', async () => {
    const f = CASES[0]!;
    env.set(proxy.url, { ...CREDS, secretAccessKey: 'not-the-secret' });
    const r = await run(['dump', '-h', `s3://${BUCKET}/${f.path}#mode=${mode(f, 's3')}`]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/rejected the request signature/);
    expect(r.out + r.err).not.toContain('not-the-secret');
  });
});
