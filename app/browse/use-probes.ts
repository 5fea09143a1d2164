/**
 * Kinds made sure in a listing: the folders on screen by their children (a listing each, a few at a time), and a
 * file the user selects (click, arrow keys) by its first bytes, one Range request through the lister (the same
 * store, endpoints and credentials as opening it), once per entry; entries never selected are never read.
 */
import { useEffect, useRef } from 'react';
import type { ListingEntry, Place } from '../core';
import { listerOf } from './browse-store';

/** A selection held this long is probed (arrowing through a list does not read every row passed). */
const SELECT_PROBE_MS = 120;

type Replace = (from: ListingEntry, to: ListingEntry) => void;

/** The folders among `rows` (the rows on screen) probed by their children. */
export function useFolderProbes(place: Place, rows: readonly ListingEntry[], replace: Replace): void {
  const probed = useRef(new Set<string>());
  useEffect(() => {
    const c = new AbortController();
    const todo = rows.filter((e) => e.guessed && e.place && !probed.current.has(e.key ?? e.name));
    const run = async () => {
      for (const e of todo.slice(0, 24)) {
        if (c.signal.aborted) return;
        probed.current.add(e.key ?? e.name);
        const sure = await Promise.resolve()
          .then(() => listerOf(place).probe(e, place, c.signal))
          .catch(() => e);
        replace(e, sure);
      }
    };
    void run();
    return () => c.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, place]);
}

/** Whether a selected entry is a file whose kind comes from its name only, in a place read over the network. */
const wantsBytes = (place: Place, e: ListingEntry): boolean =>
  (place.kind === 'http' || place.kind === 's3') && !e.place && e.guessed && !!e.key && !e.probeFailed;

/** The file the user selected, probed by its first bytes (`entry` undefined until the user selects one). */
export function useSelectedProbe(place: Place, entry: ListingEntry | undefined, replace: Replace): void {
  const asked = useRef(new Set<string>());
  /** Aborted when the place is left, not when the selection moves on: a probe sent is read to its end. */
  const alive = useRef(new AbortController());
  useEffect(() => {
    const c = new AbortController();
    alive.current = c;
    return () => c.abort();
  }, [place]);
  useEffect(() => {
    if (!entry || !wantsBytes(place, entry) || asked.current.has(entry.key!)) return;
    const signal = alive.current.signal;
    const t = setTimeout(() => {
      asked.current.add(entry.key!);
      void listerOf(place)
        .probe(entry, place, signal)
        .then((sure) => replace(entry, sure))
        .catch((e: unknown) => {
          if (signal.aborted) return asked.current.delete(entry.key!);
          replace(entry, { ...entry, probeFailed: e instanceof Error ? e.message : String(e) });
        });
    }, SELECT_PROBE_MS);
    return () => clearTimeout(t);
  }, [entry, place, replace]);
}
