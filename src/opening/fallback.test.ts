/**
 * Round trips of opening a location whose root holds no Zarr document: requests are answered in rounds (all the
 * requests made while the previous round's answers were being read form the next round), so a test sees how many
 * round trips an open takes and in which round each object was asked for.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../formats/icechunk/index'; // loaded before the rounds are counted, as in a page that opened one before
import { createDataContext } from '../data/context';
import { openDataset } from '../open';
import { ICECHUNK } from '../formats/icechunk/testing';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** A fetch over a folder whose answers are released in rounds; `rounds` lists each round's request paths. */
function roundsOver(folder: string, base: string) {
  const rounds: string[][] = [];
  let pending: { path: string; answer: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    rounds.push(batch.map((p) => p.path));
    for (const p of batch) p.answer();
  };
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const path = decodeURIComponent(url.pathname.slice(base.length));
    return new Promise<Response>((resolve, reject) => {
      const answer = () => {
        if (init?.signal?.aborted) return reject(init.signal.reason as Error);
        const file = join(folder, path);
        const found = path !== '' && !path.endsWith('/') && existsSync(file) && statSync(file).isFile();
        resolve(found ? new Response(readFileSync(file)) : new Response('not found', { status: 404 }));
      };
      pending.push({ path, answer });
      // A round closes once no request has come for a while (the reader is waiting on its answers).
      if (timer) clearTimeout(timer);
      timer = setTimeout(release, 15);
    });
  };
  return { rounds, fetch };
}

async function open(folder: string, url: string) {
  const base = new URL(url).pathname.replace(/[^/]*$/, '');
  const net = roundsOver(folder, base);
  const ds = await openDataset(
    { kind: 'url', url },
    { context: createDataContext({ workers: false }), store: { fetch: net.fetch } },
  );
  const roundOf = (path: string) => net.rounds.findIndex((r) => r.includes(path)) + 1;
  return { ds, rounds: net.rounds, roundOf };
}

describe('opening a folder without root Zarr metadata', () => {
  it('probes an Icechunk repository beside the second Zarr probes: 3 round trips, not 6', async () => {
    const { ds, roundOf, rounds } = await open(join(ICECHUNK, 'spec2'), 'https://data.test/spec2/');
    expect(ds.model.dialect.zarrFormat).toBe(3);
    expect(ds.model.repository).toBeDefined();
    expect(roundOf('zarr.json')).toBe(1);
    expect(roundOf('repo')).toBe(2);
    expect(roundOf('.zarray')).toBe(2);
    const snapshot = rounds.findIndex((r) => r.some((p) => p.startsWith('snapshots/'))) + 1;
    expect(snapshot).toBe(3);
  });

  it('with #mode=icechunk the repository alone: 2 round trips', async () => {
    const { ds, rounds } = await open(join(ICECHUNK, 'spec2'), 'https://data.test/spec2/#mode=icechunk');
    expect(ds.model.repository).toBeDefined();
    expect(rounds.flat().filter((p) => !p.startsWith('snapshots/') && !p.startsWith('refs/'))).toEqual(['repo']);
  });

  it('a single v2 array at the root asks for its .zarray beside .nczarr, and stays Zarr beside no repository', async () => {
    const { ds, roundOf, rounds } = await open(
      join(FIXTURES, 'zarr-python', 'dtypes.zarr', 'f4'),
      'https://data.test/dtypes.zarr/f4/',
    );
    expect(ds.model.dialect.zarrFormat).toBe(2);
    expect(ds.model.root.variables.map((v) => v.name)).toEqual(['f4']);
    expect(roundOf('.zarray')).toBe(2);
    expect(roundOf('.nczarr')).toBe(2);
    expect(roundOf('repo')).toBe(2); // asked for, found missing
    expect(rounds.length).toBe(2);
  });
});
