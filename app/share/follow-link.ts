/**
 * A share link to a join still being read: its view is shown on the first dataset that has the variable, its
 * indices clamped to the steps read so far (the last one there); as the joined axis grows the view moves to each
 * index of the link once it exists, and stays there. Clamping keeps a picture on screen from the first member on,
 * and the slider only ever moves towards the link's index. Following stops when every index of the link is reached,
 * when the join settles (every member read or cancelled), when the user moves the view or picks another variable,
 * or when another dataset opens; until then the page's URL keeps the link's indices (the mirror waits).
 */
import type { OpenedDataset, Variable } from '../core';
import { findVariable } from '../core';
import { settled } from '../join/hooks';
import { useDataset } from '../state/dataset-store';
import { useView } from '../state/view-store';

let active: (() => void) | null = null;
const ended = new Set<() => void>();

/** Whether a link's view is still being moved to its indices as a join grows (the URL is not rewritten meanwhile). */
export function isFollowingLink(): boolean {
  return active !== null;
}

/** Calls `cb` each time a link stops being followed (the URL may be written again); returns the unsubscribe. */
export function onLinkFollowed(cb: () => void): () => void {
  ended.add(cb);
  return () => ended.delete(cb);
}

/** The link's index along each dimension, clamped to the dimension's length. */
export function linkIndices(variable: Variable, wanted: Readonly<Record<string, number>> | undefined): number[] {
  return variable.dimensions.map((d) => Math.min(wanted?.[d.name] ?? 0, Math.max(0, d.length - 1)));
}

/** Whether every index of the link lies inside the variable's dimensions (none clamped). */
function reached(variable: Variable, wanted: Readonly<Record<string, number>> | undefined): boolean {
  return variable.dimensions.every((d) => (wanted?.[d.name] ?? 0) < Math.max(1, d.length));
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Follows the link's `wanted` indices of `variable` on `opened` (a join shown before its members are all read) and
 * its later datasets; does nothing when every index is there already.
 */
export function followLink(
  opened: OpenedDataset,
  variable: Variable,
  wanted: Readonly<Record<string, number>> | undefined,
): void {
  active?.();
  if (reached(variable, wanted)) return;
  let set = useView.getState().indices;
  const stop = () => {
    if (active !== stop) return;
    active = null;
    unsubs.forEach((u) => u());
    ended.forEach((cb) => cb());
  };
  const mine = (ds: OpenedDataset | null) => ds !== null && ds.location === opened.location;
  const step = (final: boolean) => {
    if (active !== stop) return;
    const view = useView.getState();
    const { dataset, model } = useDataset.getState();
    // The user moved the view, or another dataset is shown: theirs stays.
    if (view.variable !== variable.path || !same(view.indices, set) || !mine(dataset)) return stop();
    const now = model ? findVariable(model.root, variable.path) : undefined;
    if (!now) {
      // Not in the model yet (a lazy tree): read, then looked at again.
      void dataset!.loadVariable(variable.path).then(
        (v) => (v ? step(final) : stop()),
        () => stop(),
      );
      return;
    }
    const next = linkIndices(now, wanted);
    const done = final || reached(now, wanted);
    if (done) stop(); // before the last move, so that the URL is written from it
    if (!same(next, set)) {
      set = next;
      view.setIndices(next);
    }
  };
  active = stop;
  const unsubs = [useDataset.subscribe(() => step(false)), useView.subscribe(() => step(false))];
  void settled(opened).then(() => step(true));
}
