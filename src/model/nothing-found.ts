/** Why a probe found no metadata at a location, in words the user can act on. */
import { type ErrorCode, isZarrviewError } from '../errors';
import { HTML_ANSWER_ADVICE } from '../store/html';
import { ListingUnavailableError } from '../store/http-listing';
import type { Store } from '../store/types';
import type { Problem } from './types';

/** Error codes of a transport that failed, as opposed to metadata that is absent or malformed. */
const TRANSPORT = new Set<ErrorCode>(['timeout', 'network', 'http', 'forbidden', 'cors', 'zip']);

/** The first problem whose cause is a failed transport (worth trying again), if any. */
export function transportFailure(problems: readonly Problem[]): unknown {
  return problems.find((p) => isZarrviewError(p.error) && TRANSPORT.has(p.error.code))?.error;
}

/**
 * When the probe found no metadata, the reason may be the connection, not the address: a probe that failed
 * in transport (5xx, reset, CORS, timeout, a signature the server rejected) is rethrown as it is; and where 403
 * counts as missing (S3 buckets that deny listing), a listing of the root tells a private bucket (403 with
 * advice) from an empty prefix.
 */
export async function throwWhyNothing(
  store: Store,
  o: { readonly signal?: AbortSignal | undefined },
  problems: readonly Problem[],
): Promise<void> {
  const failed = transportFailure(problems);
  if (failed !== undefined) throw failed;
  if (!store.list) return;
  await store.list('/', o.signal ? { signal: o.signal } : undefined).catch((e: unknown) => {
    if (!(e instanceof ListingUnavailableError)) throw e;
  });
}

/** Why nothing was found, in words: the advice about web pages when the server answered probes with HTML. */
export function htmlHint(html: ReadonlySet<string>): string {
  return html.size > 0 ? ` ${[...html].join(', ')}: ${HTML_ANSWER_ADVICE}` : '';
}
