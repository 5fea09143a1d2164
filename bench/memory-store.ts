/**
 * The benchmark page's in-memory store. Its network reads use the viewer's own HttpStore, as the app does (the
 * decode workers then fetch chunks themselves where it allows it).
 */
import type { AbsolutePath } from '@zarrita/storage';
import type { Store } from '../src/store/types';

/** An in-memory store (prefetched objects), so a decode benchmark measures decoding, not the network. */
export class MemoryStore implements Store {
  readonly description = 'memory';
  constructor(readonly objects: Map<string, Uint8Array>) {}
  async get(key: AbsolutePath) {
    const b = this.objects.get(key);
    return b && b.slice(); // a fresh buffer each time: the pool transfers (detaches) what it is given
  }
}
