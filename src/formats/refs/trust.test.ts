/**
 * The trust rule end to end: a reference set served over HTTP that names an http target, an `s3://alias/…`
 * target on an S3 endpoint the user configured with credentials, and a `file:` target. Credentials reach only
 * the configured endpoint, no request is made for the `file:` target, and only its variable fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoreNode } from '../../opening/open-store-node';
import { startFaultServer, type FaultServer } from '../../store/testing/fault-server';
import { ReferenceStore } from './store';
import { REFS, compareValues } from './testing';

let web: FaultServer;
let s3: FaultServer;
const creds = { accessKeyId: 'AKIDREFS', secretAccessKey: 'refs-secret' };
const nc4 = readFileSync(join(REFS, 'targets', 'nc4.nc'));

beforeAll(async () => {
  s3 = await startFaultServer({ '/bkt/targets/nc4.nc': nc4 });
  web = await startFaultServer({ '/data/nc4.nc': nc4 });
  const refs = JSON.parse(readFileSync(join(REFS, 'nc4.v1.json'), 'utf8')) as {
    refs: Record<string, unknown>;
  };
  for (const [k, v] of Object.entries(refs.refs)) {
    if (!Array.isArray(v)) continue;
    // time through the configured S3 endpoint, temp from the web server by absolute URL.
    refs.refs[k] = [k.startsWith('time/') ? 's3://minio/bkt/targets/nc4.nc' : `${web.url}/data/nc4.nc`, ...v.slice(1)];
  }
  refs.refs['lat/0'] = ['file:///etc/hostname', 0, 12];
  web.set('/refs/nc4.json', JSON.stringify(refs));
});

afterAll(async () => {
  await web?.stop();
  await s3?.stop();
});

describe('reference targets and credentials', () => {
  it('sends credentials only to the endpoint configured for them, refuses file:, fails only that variable', async () => {
    const o = await openStoreNode(
      { kind: 'url', url: `${web.url}/refs/nc4.json` },
      {
        credentials: creds,
        aliases: [{ name: 'minio', url: s3.url, region: 'us-east-1', credentials: creds }],
        s3Defaults: () => Promise.resolve({}),
      },
    );
    expect(o.store).toBeInstanceOf(ReferenceStore);
    expect((o.store as ReferenceStore).targetHosts()).toEqual([new URL(web.url).host, 's3://minio'].sort());
    const problems = await compareValues(o.store, 'nc4.v1');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/lat: .*local file/);
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.every((r) => String(r.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'))).toBe(true);
    expect(web.requests.length).toBeGreaterThan(0);
    expect(web.requests.some((r) => r.headers.authorization !== undefined)).toBe(false);
    expect([...s3.requests, ...web.requests].some((r) => r.path.includes('hostname'))).toBe(false);
  });
});
