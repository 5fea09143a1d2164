/**
 * `latestOnly`: for a UI that starts a read on every interaction, each new call aborts the previous one and a
 * stale result never resolves (it rejects with `AbortedError`), so it can never replace a newer slice.
 *
 * @example
 * const read = latestOnly((signal, sel: DimSelection[]) => readSlice(store, v, sel, { signal }));
 * read([0, null, null]).then(show, ignoreAborted);
 * read([1, null, null]).then(show, ignoreAborted); // the first is aborted; only this one shows
 */
import { AbortedError, isZarrviewError } from '../errors';

export function latestOnly<A extends unknown[], R>(
  fn: (signal: AbortSignal, ...args: A) => Promise<R>,
): ((...args: A) => Promise<R>) & { cancel(): void } {
  let current: AbortController | null = null;
  const call = async (...args: A): Promise<R> => {
    current?.abort();
    const mine = new AbortController();
    current = mine;
    try {
      const result = await fn(mine.signal, ...args);
      if (current !== mine || mine.signal.aborted) throw new AbortedError();
      return result;
    } catch (e) {
      if (current !== mine || mine.signal.aborted) throw isAborted(e) ? e : new AbortedError({ cause: e });
      throw e;
    } finally {
      if (current === mine) current = null;
    }
  };
  return Object.assign(call, { cancel: () => current?.abort() });
}

/** True for the rejection of a cancelled read (to ignore it in UI code). */
export function isAborted(e: unknown): boolean {
  return (isZarrviewError(e) && e.code === 'aborted') || (e instanceof DOMException && e.name === 'AbortError');
}
