/** The pair of slices of a comparison and, in the difference view, A − B: read again when a choice changes. */
import { useEffect, useMemo, useState } from 'react';
import { isAbort, type OpenDataset, type Variable } from '../core';
import type { LinkMode, RegridChoice } from '../state/compare-settings';
import { pairDifference, readPair, type PairDifference, type PairSlices } from './compare-read';
import type { Steps } from './link-b';

export interface PairState {
  readonly pair: PairSlices | null;
  readonly diff: PairDifference | null;
  readonly error: unknown;
  readonly diffError: unknown;
  readonly loading: boolean;
}

const NO_STEPS: Steps = {};
const EMPTY: PairState = { pair: null, diff: null, error: null, diffError: null, loading: true };

/** A state and the inputs it was read for (a newer input: loading). */
interface Tagged extends PairState {
  readonly token: object | null;
}

export function usePair(
  dsA: OpenDataset,
  varA: Variable,
  selA: readonly (number | null)[],
  view: { readonly x: number | null; readonly y: number | null },
  dsB: OpenDataset,
  varB: Variable,
  link: LinkMode,
  method: RegridChoice | null,
  steps: Steps = NO_STEPS,
): PairState {
  const [tagged, setTagged] = useState<Tagged>({ ...EMPTY, token: null });
  const selKey = selA.join(',');
  const { x, y } = view;
  const token = useMemo(() => ({}), [dsA, varA, selKey, x, y, dsB, varB, link, method, steps]); // eslint-disable-line react-hooks/exhaustive-deps -- identity of the inputs
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    const setState = (s: PairState) => setTagged({ ...s, token });
    const sel = selKey.split(',').map((s) => (s === '' ? null : Number(s)));
    void (async () => {
      try {
        if (x === null) throw new Error('Comparing with another dataset shows 2-D slices.');
        // Without y: A's x alone, which readPair takes only for an A on a grid of cells.
        const pair = await readPair(dsA, varA, sel, { x, y: y ?? x }, dsB, varB, link, signal, steps);
        if (signal.aborted) return;
        if (method === null) return setState({ pair, diff: null, error: null, diffError: null, loading: false });
        setState({ pair, diff: null, error: null, diffError: null, loading: true });
        try {
          const diff = await pairDifference(dsA, pair, method, signal);
          if (!signal.aborted) setState({ pair, diff, error: null, diffError: null, loading: false });
        } catch (e) {
          if (!signal.aborted && !isAbort(e)) setState({ pair, diff: null, error: null, diffError: e, loading: false });
        }
      } catch (e) {
        if (!signal.aborted && !isAbort(e)) setState({ ...EMPTY, error: e, loading: false });
      }
    })();
    return () => controller.abort();
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps -- the token changes with every input
  return tagged.token === token ? tagged : { ...tagged, loading: true };
}
