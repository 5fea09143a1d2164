/**
 * A repository's snapshot and manifest files are read once and shared: a caller that gives up (its signal aborted,
 * an Overview closed while it counted every manifest) stops waiting, and the others still get the file.
 */
import { describe, expect, it } from 'vitest';
import { isZarrviewError } from '../../errors';
import type { Store } from '../../store/types';
import { SEEDS, memoryStore } from './fuzz-cases';
import { IcechunkRepository } from './repository';

/** The spec-2 fixture, each read answered after `ms`, and counted. */
function slow(ms: number): { store: Store; reads: string[] } {
  const inner = memoryStore(SEEDS.find((s) => s.name === 'spec2')!.files, 'spec2');
  const reads: string[] = [];
  return {
    reads,
    store: {
      description: 'spec2',
      get: async (key, options) => {
        reads.push(key);
        await new Promise((r) => setTimeout(r, ms));
        if (options?.signal?.aborted) throw new Error('a shared read was tied to a caller');
        return inner.get(key);
      },
    },
  };
}

describe('shared files', () => {
  it('a caller that aborts stops waiting; another caller of the same manifest still gets it, read once', async () => {
    const { store, reads } = slow(30);
    const repo = (await IcechunkRepository.open(store, 'spec2/'))!;
    const snap = await repo.snapshot(await repo.resolve({ kind: 'branch', name: 'main' }));
    const id = snap.nodes.find((n) => n.manifests.length)!.manifests[0]!.id;
    const ac = new AbortController();
    const first = repo.manifest(id, ac.signal);
    const second = repo.manifest(id);
    ac.abort();
    await expect(first).rejects.toSatisfy((e: unknown) => isZarrviewError(e) && e.code === 'aborted');
    await expect(second).resolves.toBeDefined();
    expect(reads.filter((k) => k === `/manifests/${id}`)).toHaveLength(1);
  });
});
