/**
 * A glob of remote files opened as the viewer opens it (remote.ts): fixtures/aggregate in s3rver, the joined axis
 * and values against xarray's open_mfdataset (fixtures/aggregate/expected.json), the members left out named, the
 * dataset handed over before every member is read, another join asked in the location, and Cancel (also over a
 * plain HTTP server with folder indexes, whose request log shows what is asked for after it).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type LogEntry, type StaticServer } from '../../e2e/harness/static-server';
import { s3rverWithFolder } from '../store/testing/s3rver-folder';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';
import { openJoinLocation, type JoinStatus } from './remote';

const AGG = AGGREGATE_DIR;
const EXPECTED = AGGREGATE_EXPECTED;

describe('openJoinLocation', () => {
  const s3 = s3rverWithFolder('bucket', 'aggregate', AGG);
  const url = (rel: string) => `${s3.url}/bucket/aggregate/${rel}`;

  it('the mixed set: the first dataset early, then the whole join as xarray makes it; broken and off-grid named', async () => {
    const statuses: JoinStatus[] = [];
    const e = EXPECTED.mixed!;
    const { first, complete } = await openJoinLocation(url('mixed/*.nc#mode=s3'), {
      onStatus: (s) => statuses.push(s),
      concurrency: 1,
      snapshotMs: 0,
    });
    expect(first.model.root.dimensions.find((d) => d.name === 'time')!.length).toBeLessThan(e.dims.time!.size);
    const ds = await complete;
    expect(ds.model.name).toBe('mixed');
    expect(ds.location).toBe(url('mixed/*.nc#mode=s3'));
    expect(ds.model.root.dimensions.find((d) => d.name === 'time')!.length).toBe(e.dims.time!.size);
    const last = statuses[statuses.length - 1]!;
    expect(last.state).toBe('done');
    expect(last.progress).toEqual({ read: 6, total: 6, failed: 1 });
    expect(last.leftOut.map((l) => l.location.replace(/^.*\/mixed\/|#.*$/g, '')).sort()).toEqual(e.left_out);
    expect(last.choice).toMatchObject(e.join);
    expect(last.candidates.map((c) => c.name)).toEqual(expect.arrayContaining(['time', 'lat', 'lon']));
    const slice = await ds.read('/sst', [null, null, null]);
    expect(Array.from(slice.data as Float32Array)).toEqual(e.values.sst);
  });

  it('a join asked in the location (join=t) and a member list', async () => {
    const e = EXPECTED.goes!;
    const names = e.members.map((m) => m.split('/').pop()!);
    const folder = url(path.posix.dirname(`goes/${e.members[0]}`));
    const { complete } = await openJoinLocation(`${folder}/{${names.reverse().join(',')}}#mode=s3&join=t`);
    const ds = await complete;
    expect(ds.model.root.dimensions.find((d) => d.name === 't')!.length).toBe(e.dims.t!.size);
    const slice = await ds.read('/CMI', [null, null, null]);
    expect(Array.from(slice.data as Float32Array)).toEqual(e.values.CMI);
  });

  it('Cancel after the first member keeps the members read; a pattern matching nothing says so', async () => {
    const c = new AbortController();
    const statuses: JoinStatus[] = [];
    const { complete } = await openJoinLocation(url('daily/*.nc#mode=s3'), {
      signal: c.signal,
      concurrency: 1,
      onStatus: (s) => {
        statuses.push(s);
        if (s.progress.read === 2) c.abort();
      },
    });
    const ds = await complete;
    const last = statuses[statuses.length - 1]!;
    expect(last.state).toBe('cancelled');
    expect(last.joined).toBeLessThan(5);
    expect(ds.model.root.dimensions.find((d) => d.name === 'time')!.length).toBe(last.joined * 4);
    await expect(openJoinLocation(url('daily/*.zarr#mode=s3'))).rejects.toThrow(/matches no file/);
  });
});

describe('openJoinLocation over HTTP: Cancel while members are read', () => {
  let web: StaticServer;
  beforeAll(async () => {
    web = await startStaticServer(path.resolve(AGG, '../..'), 0, { autoindex: true });
  });
  afterAll(() => web?.stop());

  const e = EXPECTED.monthly!;
  const slow = e.members.slice(2);
  const log = async () => (await (await fetch(`${web.url}/__control/log`)).json()) as LogEntry[];
  /** The last two members' consolidated metadata answer 1.5 s late. */
  const holdSlow = async () => {
    await fetch(`${web.url}/__control/reset`, { method: 'POST' });
    await fetch(`${web.url}/__control/config`, {
      method: 'POST',
      body: JSON.stringify({ faults: slow.map((m) => ({ kind: 'delay', ms: 1500, match: `/${m}/.zmetadata` })) }),
    });
  };

  it('stops the headers being read: no request for a member after Cancel, the members read joined', async () => {
    // Cancel comes when the first two are read.
    await holdSlow();
    // The probe's first requests, sent together (.zmetadata held), have all reached the server.
    const probed = async () => {
      const paths = new Set((await log()).map((r) => r.path));
      return slow.every((m) =>
        ['.zmetadata', '.zgroup', '.zattrs'].every((k) => paths.has(`/fixtures/aggregate/monthly/${m}/${k}`)),
      );
    };
    const c = new AbortController();
    let cancelledAt = Infinity;
    const statuses: JoinStatus[] = [];
    const { complete } = await openJoinLocation(`${web.url}/fixtures/aggregate/monthly/*.zarr`, {
      signal: c.signal,
      onStatus: (s) => {
        statuses.push(s);
        if (s.progress.read !== 2 || cancelledAt !== Infinity) return;
        cancelledAt = 0;
        void (async () => {
          while (!(await probed())) await new Promise((r) => setTimeout(r, 10));
          cancelledAt = Date.now();
          c.abort();
        })();
      },
    });
    const ds = await complete;
    const last = statuses[statuses.length - 1]!;
    expect(last.state).toBe('cancelled');
    expect(last.joined).toBe(2);
    expect(last.leftOut).toEqual([]);
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await log()).filter((r) => r.time > cancelledAt && slow.some((m) => r.path.includes(`/${m}/`)))).toEqual(
      [],
    );
    // The two read are the dataset: their days, values as xarray's join has them.
    const days = ds.model.root.dimensions.find((d) => d.name === 'time')!.length;
    const cells = e.dims.lat!.size * e.dims.lon!.size;
    const slice = await ds.read('/pr', [null, null, null]);
    expect(Array.from(slice.data as Float32Array)).toEqual(e.values.pr!.slice(0, days * cells));
    expect(statuses.some((s) => s.state === 'reading' && s.joined === 0)).toBe(true);
  });

  it('a join of the same members started meanwhile reads anew those the cancelled one was reading', async () => {
    await holdSlow();
    const glob = `${web.url}/fixtures/aggregate/monthly/*.zarr`;
    const a = new AbortController();
    const first = await openJoinLocation(glob, { signal: a.signal });
    first.complete.catch(() => undefined);
    // B starts while A still reads the held members (B takes A's openings of them); A is cancelled once B has a
    // member (from A's openings: all of B's members are being opened by then).
    const statuses: JoinStatus[] = [];
    const b = await openJoinLocation(glob, {
      onStatus: (s) => {
        statuses.push(s);
        if (s.progress.read >= 1) a.abort();
      },
    });
    const ds = await b.complete;
    const last = statuses[statuses.length - 1]!;
    expect(last.state).toBe('done');
    expect(last.joined).toBe(e.members.length);
    expect(ds.model.root.dimensions.find((d) => d.name === 'time')!.length).toBe(e.dims.time!.size);
  });
});
