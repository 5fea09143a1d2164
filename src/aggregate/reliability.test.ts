/**
 * A join of 1,000 in-memory members, 5% of them broken (missing, a damaged header, another grid, no time): it
 * opens, names exactly the broken ones, orders the rest by time whatever order they were given in, and a series
 * at a point across every member reads each member's value. Cancel stops reading members.
 */
import type { AbsolutePath } from '@zarrita/storage';
import { describe, expect, it } from 'vitest';
import { writeCounts } from '../../scripts/reliability/counts';
import { readSlice } from '../data/read-slice';
import { HttpError, isZarrviewError } from '../errors';
import { type DocGroup, nczarrDocuments } from '../formats/nczarr-docs';
import { findVariable } from '../model/find';
import type { Store } from '../store/types';
import { openJoin } from './index';

/** Member `i`: time = [2i, 2i+1] (unlimited), v(time, lat) = 1000·i + element index; `lat` of `nlat`. */
function member(i: number, nlat = 3): Store {
  const root: DocGroup = {
    name: '',
    attributes: [{ name: 'member', type: '<i4', value: i }],
    dimensions: [
      { name: 'time', size: 2, unlimited: true },
      { name: 'lat', size: nlat, unlimited: false },
    ],
    variables: [
      {
        name: 'time',
        dtype: '<f8',
        shape: [2],
        chunks: [2],
        fill: null,
        filters: [],
        dimensions: ['/time'],
        storage: 'chunked',
        attributes: [{ name: 'units', type: '>S1', value: 'hours since 2024-01-01' }],
      },
      {
        name: 'v',
        dtype: '<f4',
        shape: [2, nlat],
        chunks: [2, nlat],
        fill: null,
        filters: [],
        dimensions: ['/time', '/lat'],
        storage: 'chunked',
        attributes: [],
      },
    ],
    groups: [],
  };
  const docs = nczarrDocuments(root);
  const chunks = new Map<string, Uint8Array>([
    ['/time/0', new Uint8Array(new Float64Array([2 * i, 2 * i + 1]).buffer)],
    ['/v/0.0', new Uint8Array(Float32Array.from({ length: 2 * nlat }, (_, k) => 1000 * i + k).buffer)],
  ]);
  return {
    description: `member-${i}`,
    get: (key: AbsolutePath) => Promise.resolve(docs.get(key)?.slice() ?? chunks.get(key)),
  };
}

const N = 1000;
/** Which members are broken, and how: every 20th (5%). */
function broken(i: number): 'missing' | 'damaged' | 'grid' | 'no-time' | undefined {
  if (i % 20 !== 7) return undefined;
  return (['missing', 'damaged', 'grid', 'no-time'] as const)[Math.floor(i / 20) % 4];
}

async function open(location: string): Promise<{ store: Store }> {
  const i = Number(location.slice('mem://'.length));
  await new Promise((r) => setTimeout(r, i % 3));
  switch (broken(i)) {
    case 'missing':
      throw new HttpError('not-found', 404, `${location}: not found`, { key: location });
    case 'damaged': {
      const good = member(i);
      return {
        store: {
          ...good,
          get: (k) => (k === '/.zattrs' ? Promise.resolve(new TextEncoder().encode('{"x": ')) : good.get(k)),
        },
      };
    }
    case 'grid':
      return { store: member(i, 4) };
    case 'no-time': {
      const good = member(i);
      return { store: { ...good, get: (k) => (k.startsWith('/time') ? Promise.resolve(undefined) : good.get(k)) } };
    }
    default:
      return { store: member(i) };
  }
}

/** 0…N-1 in a fixed shuffled order. */
function shuffled(): string[] {
  const xs = Array.from({ length: N }, (_, i) => i);
  let seed = 12345;
  for (let i = N - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs.map((i) => `mem://${i}`);
}

describe('a join of 1,000 members, 5% broken', () => {
  it('opens, names exactly the broken members, orders the rest, reads a series across all of them', async () => {
    const locations = shuffled();
    const started = Date.now();
    let calls = 0;
    const joined = await openJoin(locations, { open, concurrency: 16, onProgress: () => calls++ });
    expect(calls).toBe(N);
    const bad = Array.from({ length: N }, (_, i) => i).filter((i) => broken(i));
    expect(bad.length).toBe(N / 20);
    const named = joined.leftOut.map((l) => Number(l.location.slice(6))).sort((a, b) => a - b);
    expect(named).toEqual(bad);
    for (const l of joined.leftOut) expect(l.message).toContain(l.location);
    const good = Array.from({ length: N }, (_, i) => i).filter((i) => !broken(i));
    expect(joined.plan.members.map((m) => Number(m.location.slice(6)))).toEqual(good);
    const time = findVariable(joined.dataset.root, '/time')!;
    expect(time.shape).toEqual([2 * good.length]);
    expect(joined.dataset.root.dimensions.find((d) => d.name === 'time')).toMatchObject({ unlimited: true });
    const t = await readSlice(joined.store, time, [null]);
    expect(Array.from(t.data as Float64Array)).toEqual(good.flatMap((i) => [2 * i, 2 * i + 1]));
    // a point's series: v[:, 1] across every member
    const v = findVariable(joined.dataset.root, '/v')!;
    const series = await readSlice(joined.store, v, [null, 1]);
    expect(series.failedChunks ?? []).toEqual([]);
    expect(Array.from(series.data as Float32Array)).toEqual(good.flatMap((i) => [1000 * i + 1, 1000 * i + 4]));
    // A left-out member's error is one of the project's typed errors (or a refusal with no error at all).
    const untyped = joined.leftOut.filter((l) => l.cause !== undefined && !isZarrviewError(l.cause));
    expect(untyped.map((l) => l.message)).toEqual([]);
    const ms = Date.now() - started;
    writeCounts({
      suite: 'aggregate-members',
      what: `openJoin of ${N} in-memory members given in a shuffled order, ${bad.length} of them broken (missing, a damaged header, another grid, no time coordinate): the join opens, names exactly the broken ones, and a series at a point reads every other member`,
      cases: N,
      crashes: untyped.length,
      hangs: ms > 60_000 ? 1 : 0,
      faultsInjected: bad.length,
      faultsSurvived: named.filter((i, k) => bad[k] === i).length,
      notes: `opened and read in ${Math.round(ms / 100) / 10} s, concurrency 16`,
    });
  });

  it('Cancel stops reading members', async () => {
    const ctl = new AbortController();
    let opened = 0;
    const counting = async (l: string) => {
      opened++;
      return open(l);
    };
    const p = openJoin(shuffled(), {
      open: counting,
      concurrency: 8,
      signal: ctl.signal,
      onProgress: (p) => p.read === 50 && ctl.abort(),
    });
    await expect(p).rejects.toSatisfy((e) => isZarrviewError(e) && e.code === 'aborted');
    expect(opened).toBeLessThan(70);
  });

  it('a snapshot of the members read so far is a join that grows', async () => {
    const sizes: number[] = [];
    const snaps: Promise<void>[] = [];
    await openJoin(
      Array.from({ length: 40 }, (_, i) => `mem://${i}`),
      {
        open,
        concurrency: 1,
        onProgress: (p, snapshot) => {
          if (p.read % 10 === 0) snaps.push(snapshot().then((j) => void sizes.push(j?.plan.length ?? 0)));
        },
      },
    );
    await Promise.all(snaps);
    const joinedLength = (k: number) => 2 * Array.from({ length: k }, (_, i) => i).filter((i) => !broken(i)).length;
    expect(sizes).toEqual([10, 20, 30, 40].map(joinedLength));
  });
});
