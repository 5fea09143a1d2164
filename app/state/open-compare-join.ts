/**
 * Dataset B of a comparison given as a glob or member list (`https://host/dir/*.nc`): opened as one dataset, as
 * the dataset in view opens one (app/join), with the endpoints' credentials and the request timeout. The first
 * dataset comes once the first member's header is in; each later one (the joined axis grown) is handed to
 * `onDataset`, the last when every member is read. The join code loads on first use.
 */
import type { OpenDataset, Progress } from '../core';
import { openCredentials, requestTimeoutMs } from './settings-store';

export interface GrowingJoin {
  readonly first: OpenDataset;
  /** The whole join (or the members read when it was stopped). */
  readonly complete: Promise<OpenDataset>;
  /** Stops reading members (those read stay joined). */
  stop(): void;
}

/**
 * Opens the join at `url`. `signal` cancels the open before the first dataset (the open then fails); `stop()`
 * of the answer stops the reading after it.
 */
export async function openCompareJoin(
  url: string,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
  onDataset: (dataset: OpenDataset) => void,
): Promise<GrowingJoin> {
  const { openJoinLocation } = await import('../core-join');
  const reading = new AbortController();
  const onAbort = () => reading.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const { first, complete } = await openJoinLocation(url, {
      ...openCredentials(),
      timeoutMs: requestTimeoutMs(),
      signal: reading.signal,
      onStatus: (s) => onProgress({ done: s.progress.read, total: s.progress.total, bytes: 0 }),
      onDataset: (ds) => onDataset(ds),
    });
    return { first, complete, stop: () => reading.abort() };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
