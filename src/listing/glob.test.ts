/**
 * Globs and member lists of remote files (join-location.ts, glob.ts): the location grammar, and the expansion through
 * a listing — of fixtures/aggregate in s3rver (the members found on disk by node:fs are the expected ones), and of
 * index pages over a fake network (what is requested, and the bounds).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { s3rverWithFolder } from '../store/testing/s3rver-folder';
import type { FetchLike } from '../store/http-store';
import { expandJoinLocation, literalStart, segmentPattern } from './glob';
import {
  isJoinLocation,
  joinName,
  memberListLocation,
  parseJoinLocation,
  splitPattern,
  withJoin,
} from './join-location';
import { createLister } from './place';

const AGG = path.join(import.meta.dirname, '..', '..', 'fixtures', 'aggregate');

describe('join locations', () => {
  it('tells globs and member lists from plain URLs', () => {
    expect(isJoinLocation('s3://b/goes/2024/*/*.nc')).toBe(true);
    expect(isJoinLocation('https://h/d/{a.nc,b.nc}#mode=s3')).toBe(true);
    expect(isJoinLocation('https://h/d/[ab].nc')).toBe(true);
    expect(isJoinLocation('https://h/d/a.nc?x=*')).toBe(false);
    expect(isJoinLocation('https://h/d/a.nc#mode=nczarr,s3')).toBe(false);
    expect(isJoinLocation('http://[::1]:8080/d/a.nc')).toBe(false);
    expect(isJoinLocation('/local/*.nc')).toBe(false);
  });

  it('keeps the fragment for the members and reads the join asked for', () => {
    expect(parseJoinLocation('s3://b/g/*.nc#mode=s3&join=t')).toEqual({
      body: 's3://b/g/*.nc',
      fragment: 'mode=s3',
      join: 't',
    });
    expect(parseJoinLocation('s3://b/g/*.nc')).toEqual({ body: 's3://b/g/*.nc', fragment: undefined, join: undefined });
    expect(withJoin('s3://b/g/*.nc#mode=s3', 'lat')).toBe('s3://b/g/*.nc#mode=s3&join=lat');
    expect(withJoin('s3://b/g/*.nc#mode=s3&join=lat', undefined)).toBe('s3://b/g/*.nc#mode=s3');
    expect(withJoin('s3://b/g/*.nc', 'a b')).toBe('s3://b/g/*.nc#join=a%20b');
  });

  it('splits the fixed folder from the pattern, and names the join after it', () => {
    expect(splitPattern('s3://b/goes/2024/*/*.nc')).toEqual({ base: 's3://b/goes/2024/', segments: ['*', '*.nc'] });
    expect(splitPattern('https://h:1/a/{x,y}')).toEqual({ base: 'https://h:1/a/', segments: ['{x,y}'] });
    expect(joinName('https://h/data/mixed/*.nc')).toBe('mixed');
  });

  it('writes one folder’s files as a member list, and refuses files of several folders', () => {
    const list = memberListLocation(['https://h/d/a,1.nc#mode=s3', 'https://h/d/b.nc#mode=s3'], 'time');
    expect(list).toBe('https://h/d/{a%2C1.nc,b.nc}#mode=s3&join=time');
    expect(memberListLocation(['https://h/d/a.nc', 'https://h/e/b.nc'])).toBeUndefined();
  });

  it('matches names segment by segment', () => {
    expect(segmentPattern('*.nc').test('a.nc')).toBe(true);
    expect(segmentPattern('*.nc').test('a.nc4')).toBe(false);
    expect(segmentPattern('[!a]*').test('a1')).toBe(false);
    expect(segmentPattern('{sst-,off}*').test('offgrid.nc')).toBe(true);
    expect(segmentPattern('a%20b*').test('a b.nc')).toBe(true);
    expect(literalStart('OR_ABI*s2024001*.nc')).toBe('OR_ABI');
    expect(literalStart('{sst-1,sst-2}*')).toBe('sst-');
  });
});

describe('expanding through a listing', () => {
  const s3 = s3rverWithFolder('bucket', 'aggregate', AGG);

  const onDisk = (rel: string) =>
    readdirSync(path.join(AGG, rel))
      .filter((n) => n.endsWith('.nc'))
      .sort()
      .map((n) => `${s3.url}/bucket/aggregate/${rel}/${n}#mode=s3`);

  it('a GOES-like glob over folders finds every file of the hour, sorted, with the fragment', async () => {
    const got = await expandJoinLocation(
      createLister({}),
      `${s3.url}/bucket/aggregate/goes/ABI-L2-CMIPC/2024/*/*/OR_ABI-L2-CMIPC-M6C13_*.nc#mode=s3&join=t`,
    );
    expect(got.members).toEqual(onDisk('goes/ABI-L2-CMIPC/2024/001/00'));
    expect(got.members).toHaveLength(6);
    expect(got.join).toBe('t');
  });

  it('a class and braces match as a shell matches them; ** descends any number of folders', async () => {
    const lister = createLister({});
    const some = await expandJoinLocation(lister, `${s3.url}/bucket/aggregate/mixed/sst-[0-2].nc#mode=s3`);
    expect(some.members).toEqual(onDisk('mixed').filter((u) => /sst-[0-2]\.nc/.test(u)));
    const deep = await expandJoinLocation(lister, `${s3.url}/bucket/aggregate/goes/**/*.nc#mode=s3`);
    expect(deep.members).toEqual(onDisk('goes/ABI-L2-CMIPC/2024/001/00'));
    const zarr = await expandJoinLocation(lister, `${s3.url}/bucket/aggregate/monthly/*.zarr#mode=s3`);
    expect(zarr.members.map((u) => u.replace(/^.*\/monthly\//, ''))).toEqual(
      readdirSync(path.join(AGG, 'monthly'))
        .sort()
        .map((n) => `${n}#mode=s3`),
    );
  });

  it('is bounded: too many members or listing pages say to narrow the pattern', async () => {
    const lister = createLister({});
    await expect(
      expandJoinLocation(lister, `${s3.url}/bucket/aggregate/mixed/*.nc#mode=s3`, { maxMembers: 3 }),
    ).rejects.toThrow(/matches more than 3 files: narrow the pattern/);
    await expect(
      expandJoinLocation(lister, `${s3.url}/bucket/aggregate/goes/**/*.nc#mode=s3`, { maxPages: 2 }),
    ).rejects.toThrow(/more than 2 listing pages/);
  });

  it('a member list is its names, with no listing', async () => {
    const got = await expandJoinLocation(createLister({}), 'https://h.test/d/{b.nc,a%2C1.nc}#mode=zarr');
    expect(got).toEqual({
      members: ['https://h.test/d/b.nc#mode=zarr', 'https://h.test/d/a%2C1.nc#mode=zarr'],
      join: undefined,
      pages: 0,
    });
  });
});

describe('expanding index pages', () => {
  it('lists the fixed folder and the folders the pattern enters, nothing else', async () => {
    const pages: Record<string, string> = {
      'http://h.test/d/': '<title>Index of /d/</title><a href="2023/">2023/</a><a href="2024/">2024/</a>',
      'http://h.test/d/2024/': '<title>Index of /d/2024/</title><a href="x.nc">x.nc</a><a href="y.txt">y.txt</a>',
      'http://h.test/d/2023/': '<title>Index of /d/2023/</title><a href="w.nc">w.nc</a>',
    };
    const seen: string[] = [];
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      const body = pages[url];
      const res = new Response(body ?? 'no', { status: body === undefined ? 404 : 200 });
      Object.defineProperty(res, 'url', { value: url });
      return res;
    };
    const got = await expandJoinLocation(createLister({ fetch }), 'http://h.test/d/2024/*.nc');
    expect(got.members).toEqual(['http://h.test/d/2024/x.nc']);
    expect(seen.every((u) => u.startsWith('http://h.test/d/2024/'))).toBe(true);
    const both = await expandJoinLocation(createLister({ fetch }), 'http://h.test/d/*/*.nc');
    expect(both.members).toEqual(['http://h.test/d/2023/w.nc', 'http://h.test/d/2024/x.nc']);
  });
});
