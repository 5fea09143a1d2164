import { useEffect } from 'react';
import type { Variable } from '../core';
import { useSlice } from '../state/slice-store';
import { useView } from '../state/view-store';
import type { Axes } from '../views/shared/use-axes';

interface Props {
  readonly variable: Variable;
  readonly axes: Axes;
}

/**
 * Pick the x and y dimensions; a slider, number field and coordinate label per other dimension; play/pause. One
 * compact row: the axes, then a row per sliced dimension, side by side while they fit.
 */
export function DimMapper({ variable, axes }: Props) {
  const x = useView((s) => s.x);
  const y = useView((s) => s.y);
  const indices = useView((s) => s.indices);
  const playing = useView((s) => s.playing);
  const setAxes = useView((s) => s.setAxes);
  const setIndex = useView((s) => s.setIndex);
  const setPlaying = useView((s) => s.setPlaying);
  const pending = useSlice((s) => s.pendingKey);
  const dims = variable.dimensions;

  useEffect(() => {
    if (playing === null || pending !== null) return;
    const id = setTimeout(() => {
      const n = variable.shape[playing] ?? 1;
      setIndex(playing, ((useView.getState().indices[playing] ?? 0) + 1) % n);
    }, 600);
    return () => clearTimeout(id);
  }, [playing, pending, indices, variable, setIndex]);

  if (!dims.length) return null;
  const name = (d: number) => dims[d]?.name ?? `dim ${d}`;
  return (
    <div className="dim-mapper" role="group" aria-label="Dimensions" data-testid="dim-mapper" data-rank={dims.length}>
      <div className="dim-axes">
        <label>
          X axis{' '}
          <select
            value={x ?? ''}
            onChange={(e) => setAxes(e.target.value === '' ? null : Number(e.target.value), y)}
            data-testid="x-dim"
          >
            {dims.map((d, i) => (
              <option key={i} value={i}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        {dims.length > 1 && (
          <label>
            Y axis{' '}
            <select
              value={y ?? ''}
              onChange={(e) => setAxes(x, e.target.value === '' ? null : Number(e.target.value))}
              data-testid="y-dim"
            >
              <option value="">none (line plot)</option>
              {dims.map((d, i) =>
                i === x ? null : (
                  <option key={i} value={i}>
                    {d.name}
                  </option>
                ),
              )}
            </select>
          </label>
        )}
      </div>
      {dims.map((d, i) => {
        if (i === x || i === y) return null;
        const n = variable.shape[i] ?? 1;
        const idx = Math.min(indices[i] ?? 0, n - 1);
        const label = axes.values[i]?.labels[idx] ?? String(idx);
        const id = `dim-${i}`;
        return (
          <div className="dim-row" key={i} data-testid={`dim-${d.name}`}>
            <label htmlFor={id}>{name(i)}</label>
            <input
              id={id}
              type="range"
              min={0}
              max={n - 1}
              value={idx}
              onChange={(e) => setIndex(i, Number(e.target.value))}
              aria-label={name(i)}
              aria-valuetext={`${idx}: ${label}`}
              data-testid={`slider-${d.name}`}
            />
            <input
              type="number"
              min={0}
              max={n - 1}
              value={idx}
              aria-label={`${name(i)} index`}
              onChange={(e) => {
                const v = Math.trunc(Number(e.target.value));
                if (Number.isFinite(v)) setIndex(i, Math.max(0, Math.min(n - 1, v)));
              }}
              data-testid={`index-${d.name}`}
            />
            <output className="coord-label" data-testid={`coord-${d.name}`} htmlFor={id}>
              {label}
            </output>
            <button
              type="button"
              aria-pressed={playing === i}
              onClick={() => setPlaying(playing === i ? null : i)}
              data-testid={`play-${d.name}`}
              disabled={n < 2}
            >
              {playing === i ? 'Pause' : 'Play'}
            </button>
          </div>
        );
      })}
    </div>
  );
}
