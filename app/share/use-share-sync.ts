/**
 * Keeps the page's URL fragment in step with the view (history.replaceState, no reloads) and restores a view
 * from a share link at start-up and on hash changes.
 */
import { useEffect, useState } from 'react';
import { findVariable } from '../core';
import { isViewKind } from '../views/shared/view-kind';
import { useCompare } from '../state/compare-store';
import { useDataset } from '../state/dataset-store';
import { useView } from '../state/view-store';
import { VIEWS } from '../views/registry';
import { loadPlotly } from '../plot/PlotlyView';
import { settled } from '../join/hooks';
import { followLink, isFollowingLink, linkIndices, onLinkFollowed } from './follow-link';
import { decodeShare, encodeShare, type ShareState } from './share-link';

/** The share state of what is on screen, or null when the dataset is not a URL. */
export function currentShareState(): ShareState | null {
  const { dataset, source, selected } = useDataset.getState();
  if (!dataset || source?.kind !== 'url') return null;
  const v = useView.getState();
  const variable = selected ? findVariable(dataset.model.root, selected) : undefined;
  if (!variable || v.variable !== variable.path)
    return { url: dataset.location || source.url, variable: selected ?? undefined };
  const dims = variable.dimensions;
  const indices: Record<string, number> = {};
  dims.forEach((d, i) => {
    if (i !== v.x && i !== v.y) indices[d.name] = v.indices[i] ?? 0;
  });
  return {
    url: dataset.location || source.url,
    variable: variable.path,
    x: v.x === null ? undefined : dims[v.x]?.name,
    y: v.y === null ? undefined : dims[v.y]?.name,
    indices,
    options: v.options,
    compare: v.compare ?? undefined,
    b: useCompare.getState().settings() ?? undefined,
  };
}

/** Applies a decoded share state: opens the dataset, selects the variable, restores the view. */
export async function applyShare(state: ShareState): Promise<void> {
  // A second dataset (Compare with…) opens and reads alongside A, not after it.
  const b = state.b ? useCompare.getState().restore(state.b) : null;
  try {
    await applyA(state);
  } finally {
    await b;
  }
}

async function applyA(state: ShareState): Promise<void> {
  const current = useDataset.getState();
  const same =
    current.dataset &&
    current.source?.kind === 'url' &&
    (current.source.url === state.url || current.dataset.location === state.url);
  const opened = same ? current.dataset : await current.open({ kind: 'url', url: state.url }, state.url);
  if (!opened || !state.variable) return;
  // On a lazily opened dataset the variable (deep in the tree or not) is read first, with its coordinates. A join
  // shown before all its members are read: the view is shown on it at once when it has the variable (its first
  // members' header), the indices along the joined axis followed as it grows (follow-link.ts); else the whole join.
  let ds = opened;
  let variable = await ds.loadVariable(state.variable);
  if (!variable) {
    ds = await settled(opened);
    if (ds !== opened) variable = await ds.loadVariable(state.variable);
  }
  if (!variable) {
    useDataset.getState().select(state.variable.startsWith('/') ? '/' : null);
    throw new Error(`The shared link names ${state.variable}, which this dataset does not have.`);
  }
  const view = useView.getState();
  view.reset(variable);
  const pos = (name: string | undefined) => {
    const i = name === undefined ? -1 : variable.dimensions.findIndex((d) => d.name === name);
    return i < 0 ? null : i;
  };
  const x = pos(state.x);
  const y = pos(state.y);
  if (x !== null || y !== null) view.setAxes(x ?? view.x, y);
  view.setIndices(linkIndices(variable, state.indices));
  if (state.options) view.setOptions(state.options);
  // The variable subtracted may not be read yet (lazy open): read before it is offered.
  const compare = state.compare ? await ds.loadVariable(state.compare).catch(() => undefined) : undefined;
  if (compare) view.setCompare(compare.path);
  useDataset.getState().select(variable.path);
  if (ds === opened) followLink(opened, variable, state.indices);
}

/** Restores from the fragment at start and on `hashchange`; mirrors the view into the fragment. */
export function useShareSync(): { message: string | null; dismiss: () => void } {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let applying = false;
    const restore = () => {
      const r = decodeShare(window.location.hash, (kind) => isViewKind(VIEWS, kind));
      if (!r.ok) return setMessage(r.error);
      if (!r.state) return;
      if (r.state.url && encodeShare(r.state) === encodeShare(currentShareState() ?? { url: '' })) return;
      // A link to a variable ends in a plot: plotly's chunk is fetched and compiled while the dataset's requests are
      // in flight, not once the slice is in (over HTTP/1.1 its fetch would wait behind them, and its compiling came
      // between the chunk's last byte and the picture).
      if (r.state.variable) void loadPlotly().catch(() => undefined);
      applying = true;
      applyShare(r.state)
        .catch((e: unknown) => setMessage(e instanceof Error ? e.message : String(e)))
        .finally(() => {
          applying = false;
        });
    };
    restore();
    window.addEventListener('hashchange', restore);
    const mirror = () => {
      if (applying || isFollowingLink()) return;
      const s = currentShareState();
      if (!s) return;
      const hash = `#${encodeShare(s)}`;
      if (hash !== window.location.hash) history.replaceState(null, '', hash);
    };
    const unsubs = [
      useView.subscribe(mirror),
      useDataset.subscribe(mirror),
      useCompare.subscribe(mirror),
      onLinkFollowed(mirror),
    ];
    return () => {
      window.removeEventListener('hashchange', restore);
      unsubs.forEach((u) => u());
    };
  }, []);
  return { message, dismiss: () => setMessage(null) };
}

/** The full share link of the current view. */
export function shareLink(): string | null {
  const s = currentShareState();
  return s ? `${window.location.origin}${window.location.pathname}#${encodeShare(s)}` : null;
}
