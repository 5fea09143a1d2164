/**
 * How many requests a remote store keeps in flight, by the protocol its server speaks. A browser opens at most six
 * HTTP/1.1 connections per host and queues the rest where we cannot see them (their wait would count against our
 * timeout, and many of our requests would wait behind each other); HTTP/2 and HTTP/3 carry many requests over one
 * connection. So a store starts at six and two queued (`HTTP1_IN_FLIGHT`) and raises its limit once a response is
 * seen to have come over h2 or h3 (resource timing's `nextHopProtocol`; cross-origin servers expose it with
 * `Timing-Allow-Origin`). Without a browser connection pool (Node: the CLI) the limit stays at its fixed figure.
 *
 * @example
 * const limit = new ProtocolLimit();
 * const store = withNetworkPolicy(new HttpStore(url, { onComplete: limit.completed }), { telemetry, concurrency: limit.limiter });
 */
import { Limiter } from './limit';

/** Chromium's (and Firefox's) connections per host over HTTP/1.1. */
export const HTTP1_CONNECTIONS = 6;
/**
 * Requests in flight over HTTP/1.1: one per connection and two more waiting in the browser's own queue, which it
 * starts the moment a connection is free. Held in our limit instead, the next request of a read started only once the
 * news of a finished body had reached the page and the request had reached a worker (two thread hops a wave: a cold
 * 16-chunk slice took 1.2× zarrita's time). The two wait at most until the first of six bodies in flight is in, so
 * their time limit is not spent waiting unless all six take longer than it (then the store asks again, as after any
 * timeout).
 */
export const HTTP1_IN_FLIGHT = HTTP1_CONNECTIONS + 2;
/** In flight over one multiplexed (HTTP/2, HTTP/3) connection. */
export const MULTIPLEXED_IN_FLIGHT = 32;
/** Outside a browser (no per-host connection pool of the browser's). */
export const DEFAULT_IN_FLIGHT = 8;

/** The protocol a completed request to `url` used, or undefined when not (yet) known. */
export type ProtocolOf = (url: string) => string | undefined;

/** Whether a `nextHopProtocol` value multiplexes requests (`h2`, `h3`, `h3-29`, …). */
export function isMultiplexed(protocol: string): boolean {
  return /^(h2|h3|hq)/i.test(protocol);
}

/** `nextHopProtocol` of the latest resource timing entry for `url` ('' counts as unknown). */
export function resourceProtocol(url: string): string | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return undefined;
  const entries = performance.getEntriesByName(url, 'resource');
  const last = entries[entries.length - 1] as { nextHopProtocol?: string } | undefined;
  return last?.nextHopProtocol || undefined;
}

/** Whether this is a browser page or worker, whose fetches share the browser's per-host connections. */
export function inBrowser(): boolean {
  return (
    typeof window !== 'undefined' || typeof (globalThis as { importScripts?: unknown }).importScripts === 'function'
  );
}

/** Tries this many completed requests before giving up on learning the protocol (the limit stays at HTTP/1.1's). */
const MAX_PROBES = 24;

/** A store's request limit that follows the protocol its responses came over. */
export class ProtocolLimit {
  readonly limiter: Limiter;
  #protocol: string | undefined;
  #probes = 0;
  /** Recent URLs whose timing entry may not have been recorded yet when their body arrived. */
  readonly #recent: string[] = [];
  readonly #protocolOf: ProtocolOf;
  readonly #multiplexed: number;

  constructor(options: { protocolOf?: ProtocolOf; initial?: number; multiplexed?: number; adaptive?: boolean } = {}) {
    const adaptive = options.adaptive ?? inBrowser();
    this.limiter = new Limiter(options.initial ?? (adaptive ? HTTP1_IN_FLIGHT : DEFAULT_IN_FLIGHT));
    this.#protocolOf = options.protocolOf ?? resourceProtocol;
    this.#multiplexed = options.multiplexed ?? MULTIPLEXED_IN_FLIGHT;
    if (!adaptive) this.#probes = MAX_PROBES;
  }

  /** The protocol learnt so far (`http/1.1`, `h2`, …), if any. */
  get protocol(): string | undefined {
    return this.#protocol;
  }

  /** A request to `url` completed: learn the protocol from it, until known (bound as a property for callbacks). */
  readonly completed = (url: string): void => {
    if (this.#protocol !== undefined || this.#probes >= MAX_PROBES) return;
    this.#probes++;
    this.#recent.push(url);
    if (this.#recent.length > 4) this.#recent.shift();
    if (!this.#learn()) this.#lookAgain(0);
  };

  /** Whether a recent response's protocol is known now (the limit then follows it). */
  #learn(): boolean {
    if (this.#protocol !== undefined) return true;
    let p: string | undefined;
    for (const u of this.#recent) p ??= this.#protocolOf(u);
    if (p === undefined) return false;
    this.#protocol = p;
    this.#recent.length = 0;
    if (isMultiplexed(p)) this.limiter.setMax(Math.max(this.limiter.max, this.#multiplexed));
    return true;
  }

  #looking = false;

  /**
   * Looks at the recent responses again a little later: a response's timing entry is recorded after its body was
   * read, up to tens of ms later on a busy machine, and the requests that follow (a read's chunks) may all be made by
   * the decode workers, whose entries this thread does not see, so no later completion here would find it. Without
   * this, a dataset opened by one metadata request over HTTP/2 kept HTTP/1.1's six requests in flight.
   */
  #lookAgain(attempt: number): void {
    if (this.#looking || attempt >= LOOK_AGAIN_MS.length) return;
    this.#looking = true;
    setTimeout(() => {
      this.#looking = false;
      if (!this.#learn()) this.#lookAgain(attempt + 1);
    }, LOOK_AGAIN_MS[attempt]);
  }
}

/** When to look again for a response's protocol after it completed without one (ms, one after the other). */
const LOOK_AGAIN_MS = [0, 20, 100, 500] as const;
