/**
 * The fault server (fault-server.ts) that the HttpStore and network policy tests share: it serves `/ds/.zattrs`
 * and a 1,000-byte chunk `/ds/a b/0.0` (`big`). `useHttpServer()` starts it before the calling file's tests, stops
 * it after them and drops the faults still queued after each test.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFaultServer, type FaultServer } from './fault-server';

export const big = new Uint8Array(1000).map((_, i) => i % 251);

/** The running server, set by `useHttpServer`'s `beforeAll` (a live binding: import it, never copy it). */
export let server: FaultServer;

export function useHttpServer(): void {
  beforeAll(async () => {
    server = await startFaultServer({ '/ds/.zattrs': '{"a":1}', '/ds/a b/0.0': big });
  });
  afterAll(() => server.stop());
  afterEach(() => server.clear());
}
