/**
 * B's own steps: for each of B's dimensions that is not plotted, "B's own step" holds B there (a slider and an
 * index, keyboard operable as A's) instead of following A's — A = one day, B = another, of the same join opened
 * twice or of any two datasets. Unticked, the dimension follows A's again (by coordinate value or by index).
 */
import { useEffect, useState } from 'react';
import type { OpenDataset, PairAxis, Variable } from '../core';
import { useCompare } from '../state/compare-store';
import { linkAxes, type PairSlices } from './compare-read';
import { valueText } from './link-b';

interface Props {
  readonly varA: Variable;
  readonly x: number | null;
  readonly y: number | null;
  readonly dsB: OpenDataset;
  readonly varB: Variable;
  readonly pair: PairSlices | null;
}

/** B's dimensions that may be held: not plotted (not kept whole in B's slice, nor named as A's plotted ones). */
function holdable(varA: Variable, x: number | null, y: number | null, varB: Variable, pair: PairSlices | null) {
  const plotted = new Set([x, y].flatMap((d) => (d === null ? [] : [varA.dimensions[d]?.name])));
  return varB.dimensions.flatMap((d, i) =>
    (varB.shape[i] ?? 1) > 1 && !plotted.has(d.name) && pair?.selB?.[i] !== null ? [i] : [],
  );
}

export function BSteps({ varA, x, y, dsB, varB, pair }: Props) {
  const steps = useCompare((s) => s.steps);
  const setStep = useCompare((s) => s.setStep);
  const [axes, setAxes] = useState<readonly PairAxis[] | null>(null);
  useEffect(() => {
    let live = true;
    linkAxes(dsB, varB).then(
      (a) => live && setAxes(a),
      () => live && setAxes(null),
    );
    return () => {
      live = false;
    };
  }, [dsB, varB]);
  const dims = holdable(varA, x, y, varB, pair);
  if (!dims.length) return null;
  return (
    <div className="compare-steps" role="group" aria-label="B's own steps" data-testid="compare-steps">
      {dims.map((d) => {
        const name = varB.dimensions[d]!.name;
        const n = varB.shape[d] ?? 1;
        const own = steps[name];
        const linked = pair?.selB?.[d];
        const idx = Math.min(own ?? (typeof linked === 'number' && linked >= 0 ? linked : 0), n - 1);
        const id = `compare-step-${d}`;
        const set = (v: number) => Number.isFinite(v) && setStep(name, Math.max(0, Math.min(n - 1, Math.trunc(v))));
        const label = valueText(axes?.[d], idx);
        return (
          <div className="compare-step" key={name} data-testid={`compare-step-${name}`}>
            <label>
              <input
                type="checkbox"
                checked={own !== undefined}
                onChange={(e) => setStep(name, e.target.checked ? idx : null)}
                data-testid={`compare-hold-${name}`}
              />{' '}
              B’s own {name} step
            </label>
            {own !== undefined && (
              <>
                <input
                  id={id}
                  type="range"
                  min={0}
                  max={n - 1}
                  value={idx}
                  onChange={(e) => set(Number(e.target.value))}
                  aria-label={`B ${name}`}
                  aria-valuetext={label ? `${idx}: ${label}` : String(idx)}
                  data-testid={`compare-slider-${name}`}
                />
                <input
                  type="number"
                  min={0}
                  max={n - 1}
                  value={idx}
                  onChange={(e) => set(Number(e.target.value))}
                  aria-label={`B ${name} index`}
                  data-testid={`compare-index-${name}`}
                />
                <output htmlFor={id} className="coord-label" data-testid={`compare-coord-${name}`}>
                  {label}
                </output>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
