/**
 * `zarrview ls` over s3rver (anonymous, and a bucket that refuses anonymous listing behind a SigV4 proxy), an
 * nginx-style index server, THREDDS catalogs and STAC documents, compared with the listings the fixture script
 * wrote (fixtures/listing/expected.json, scripts/fixtures/make-listing.py).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../e2e/harness/static-server';
import { startS3rver, type S3rverHandle } from '../store/testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from '../store/testing/sigv4-proxy';
import { main } from './main';
import { awsEnvironment, type AwsEnvironment } from './testing/aws-env';
import { runMain } from './testing/capture';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const FIX = path.join(ROOT, 'fixtures/listing');
const BUCKET = 'listing';
const CREDS = { accessKeyId: 'AKIDLSTEST', secretAccessKey: 'ls-test-secret' };
type Row = [string, number | null, string];
const expected = JSON.parse(readFileSync(path.join(FIX, 'expected.json'), 'utf8')) as Record<string, Row[]>;

let s3: S3rverHandle;
let proxy: SigV4Proxy;
let web: StaticServer;
let home: string;
let env: AwsEnvironment;

beforeAll(async () => {
  s3 = await startS3rver({ buckets: [BUCKET] });
  await s3.putFolder(BUCKET, '', FIX);
  proxy = await startSigV4Proxy({ target: s3.url, credentials: CREDS, region: 'us-east-1' });
  web = await startStaticServer(ROOT, 0, { autoindex: true });
  home = mkdtempSync(path.join(tmpdir(), 'zv-cli-ls-'));
  env = awsEnvironment(home);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await s3?.stop();
  await web?.stop();
  rmSync(home, { recursive: true, force: true });
});

afterEach(() => {
  env.restore();
});

const run = (argv: string[]) => runMain(main, argv);

const LINE = /^(\S+) +(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|-) +(\d+|-) {2}(.*?)(?: {2}\((.*)\))?$/;

/** The printed lines as [kind, size, name] rows (the folder slash dropped), and the dates. */
function rows(out: string): { rows: Row[]; dates: string[] } {
  const lines = out.trimEnd().split('\n');
  const parsed = lines.map((l) => {
    const m = LINE.exec(l);
    if (!m) throw new Error(`not an ls line: ${l}`);
    return m;
  });
  return {
    rows: parsed.map((m) => [m[1]!, m[3] === '-' ? null : Number(m[3]), m[4]!.replace(/\/$/, '')]),
    dates: parsed.map((m) => m[2]!),
  };
}

describe('zarrview ls', () => {
  for (const key of ['goes/', 'goes/ABI-L2-CMIPF/2024/', 'goes/ABI-L2-CMIPF/2024/001/00/', 'stores/']) {
    it(`s3://${BUCKET}/${key}: the fixture script's listing`, async () => {
      env.set(s3.url);
      const r = await run(['ls', `s3://${BUCKET}/${key}`]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const got = rows(r.out);
      expect(got.rows).toEqual(expected[key]);
      // Objects carry the date S3 gives (the upload), folders none.
      got.rows.forEach(([, size], i) => expect(got.dates[i] === '-').toBe(size === null));
    });
  }

  it('-r walks down to every file, and --limit stops it', async () => {
    env.set(s3.url);
    const r = await run(['ls', '-r', `s3://${BUCKET}/goes/`]);
    expect(r.code).toBe(0);
    const files = rows(r.out)
      .rows.filter(([k]) => k !== 'folder')
      .map(([, , n]) => n);
    expect(files.sort()).toEqual(expected['goes/ -r files']);
    const limited = await run(['ls', '-r', '--limit', '3', `s3://${BUCKET}/goes/`]);
    expect(limited.out.trimEnd().split('\n').length).toBe(3);
    expect(limited.err).toMatch(/stopped after 3 entries/);
  });

  it('a bucket that refuses anonymous listing says what to do; signed it lists', async () => {
    env.set(proxy.url);
    const refused = await run(['ls', `s3://${BUCKET}/stores/`]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^zarrview: s3:\/\/listing\/stores\/ does not allow anonymous listing \(403\): paste the full key of a dataset .*add credentials/,
    );
    expect(refused.err.trimEnd().split('\n').length).toBe(1);
    env.set(proxy.url, CREDS);
    const signed = await run(['ls', `s3://${BUCKET}/stores/`]);
    expect(signed.err).toBe('');
    expect(rows(signed.out).rows).toEqual(expected['stores/']);
    expect(signed.out + signed.err).not.toContain(CREDS.secretAccessKey);
  });

  it('an https folder with an index page: the same names and kinds as S3', async () => {
    const key = 'goes/ABI-L2-CMIPF/2024/001/00/';
    const r = await run(['ls', `${web.url}/fixtures/listing/${key}`]);
    expect(r.err).toBe('');
    expect(rows(r.out).rows.map(([k, , n]) => [k, n])).toEqual(expected[key]!.map(([k, , n]) => [k, n]));
    const stores = await run(['ls', `${web.url}/fixtures/listing/stores/`]);
    expect(rows(stores.out).rows.map(([k, , n]) => [k, n])).toEqual(expected['stores/']!.map(([k, , n]) => [k, n]));
  });

  it('a server folder without an index says what to do', async () => {
    const r = await run(['ls', `${web.url}/fixtures/listing/nowhere/`]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /cannot be listed \(nothing there, 404\): paste the URL of a dataset there, or the URL of its catalog/,
    );
  });

  for (const doc of Object.keys(expected).filter((k) => /^(thredds|stac)\//.test(k))) {
    it(`${doc}: the fixture script's listing`, async () => {
      const r = await run(['ls', `${web.url}/fixtures/listing/${doc}`]);
      expect(r.err).toBe('');
      expect(rows(r.out).rows).toEqual(expected[doc]);
    });
  }

  it('THREDDS datasets open by their HTTPServer URL, which the server serves', async () => {
    const r = await run(['ls', '-r', `${web.url}/fixtures/listing/thredds/catalog.xml`]);
    expect(r.code).toBe(0);
    const names = rows(r.out).rows.map(([, , n]) => n);
    expect(names).toContain(
      'ABI-L2-CMIPF/OR_ABI-L2-CMIPF-M6C13_G16_s20240010000204_e20240010009504_c20240010010304.nc',
    );
    const dump = await run([
      'dump',
      '-h',
      `${web.url}/fixtures/listing/goes/ABI-L2-CMIPF/2024/001/00/OR_ABI-L2-CMIPF-M6C13_G16_s20240010000204_e20240010009504_c20240010010304.nc`,
    ]);
    expect(dump.out).toMatch(/float CMI\(y, x\)/);
  });
});
