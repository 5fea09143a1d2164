/**
 * The entries picked in a listing to open as one dataset: a click on a row's box toggles it, Shift extends from the
 * last one toggled, Space toggles the current row, Shift+↑/↓ extends, Ctrl/⌘+A picks every dataset the filter shows.
 * Entries are kept by their URL, so a new sort or filter keeps what was picked.
 */
import { useState } from 'react';
import { isPlaceEntry, type ListingEntry } from '../core';
import { memberListLocation } from '../core-join';

/** Whether an entry can be a member (a dataset, not a folder or catalog). */
export const isMember = (e: ListingEntry): boolean => !!e.open && !isPlaceEntry(e);

export interface Selection {
  readonly picked: ReadonlySet<string>;
  /** Toggles row `i` (`extend`: every member row from the last one toggled to `i` gets its new state). */
  toggle(i: number, extend: boolean): void;
  /** Picks the member rows from `from` to `to` (Shift+↑/↓). */
  extend(from: number, to: number): void;
  /** Picks every member row shown. */
  all(): void;
  clear(): void;
  /** The members picked, in the order shown. */
  urls(): string[];
  /** The names a link ticks whose entries have not been shown yet. */
  readonly waiting: readonly string[];
}

/**
 * The picks of a listing; `linked` names entries a link ticks, picked as soon as they are shown (their page may
 * come later), until the user changes the picks.
 */
export function useSelection(shown: readonly ListingEntry[], linked: readonly string[] = []): Selection {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<readonly string[]>(linked);
  // The link's ticks, each picked when its entry is shown (the entries of a place arrive page by page).
  const [seen, setSeen] = useState(shown);
  if (seen !== shown && waiting.length > 0) {
    setSeen(shown);
    const want = new Set(waiting);
    const found = shown.filter((e) => isMember(e) && want.has(e.name));
    if (found.length > 0) {
      const names = new Set(found.map((e) => e.name));
      setWaiting(waiting.filter((n) => !names.has(n)));
      setPicked(new Set([...picked, ...found.map((e) => e.open!)]));
    }
  }
  const setByUser = (next: ReadonlySet<string>) => {
    setWaiting([]);
    setPicked(next);
  };
  const clear = () => {
    setByUser(new Set());
    setAnchor(null);
  };
  return {
    picked,
    waiting,
    toggle(i, extend) {
      const e = shown[i];
      if (!e || !isMember(e)) return;
      const next = new Set(picked);
      if (extend && anchor !== null) {
        // Every row between the last one toggled and this one takes the last one's state.
        const on = picked.has(shown[anchor]?.open ?? '');
        for (const x of shown.slice(Math.min(anchor, i), Math.max(anchor, i) + 1))
          if (isMember(x)) {
            if (on) next.add(x.open!);
            else next.delete(x.open!);
          }
      } else {
        if (next.has(e.open!)) next.delete(e.open!);
        else next.add(e.open!);
        setAnchor(i);
      }
      setByUser(next);
    },
    extend(from, to) {
      const next = new Set(picked);
      for (const x of shown.slice(Math.min(from, to), Math.max(from, to) + 1)) if (isMember(x)) next.add(x.open!);
      setByUser(next);
      if (anchor === null) setAnchor(from);
    },
    all: () => setByUser(new Set([...picked, ...shown.filter(isMember).map((e) => e.open!)])),
    clear,
    urls: () => shown.filter((e) => isMember(e) && picked.has(e.open!)).map((e) => e.open!),
  };
}

/** The join location of the members picked (a member list), or a sentence saying why there is none. */
export function joinOfPicked(urls: readonly string[]): string | { readonly error: string } {
  if (urls.length < 2) return { error: 'Pick two files or more to open them as one dataset.' };
  return memberListLocation([...urls].sort()) ?? { error: 'The files picked are not in one folder.' };
}
