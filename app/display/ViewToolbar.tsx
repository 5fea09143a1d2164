import { useState, type ReactNode } from 'react';
import { MoreMenu } from './MoreMenu';
import type { Variable } from '../core';
import { COLORMAPS, SCALES, gradientCss } from '../plot/colormap';
import { useView } from '../state/view-store';
import type { Unavailable } from './user-frame';
import type { ViewDef } from '../views/shared/view-kind';
import { CheckOption } from '../common/CheckOption';

interface Props {
  /** The view kinds that apply to what is shown, and the one on screen. */
  readonly kinds: readonly ViewDef[];
  readonly active: ViewDef;
  /** Same-shape numeric variables for A − B. */
  readonly comparable: readonly Variable[];
  /** Siblings not read yet (lazy open), which may also be comparable. */
  readonly unread: number;
  /** Reads the next batch of unread siblings. */
  readonly onReadMore: () => void;
  /** View kinds not offered for what is shown (disabled, with the reason as their title). */
  readonly unavailable?: readonly Unavailable[] | undefined;
  /** The More menu's items (code, comparison with another dataset). */
  readonly more?: ReactNode;
}

function RangeFields() {
  const options = useView((s) => s.options);
  const setOptions = useView((s) => s.setOptions);
  const [lo, setLo] = useState(options.range ? String(options.range[0]) : '');
  const [hi, setHi] = useState(options.range ? String(options.range[1]) : '');
  const apply = (a: string, b: string) => {
    const x = Number(a);
    const y = Number(b);
    if (a.trim() && b.trim() && Number.isFinite(x) && Number.isFinite(y) && x < y) setOptions({ range: [x, y] });
  };
  return (
    <span className="range-fields">
      <CheckOption
        checked={options.range === null}
        onChange={(on) => (on ? setOptions({ range: null }) : apply(lo || '0', hi || '1'))}
        testId="range-auto"
      >
        Auto range
      </CheckOption>
      {options.range && (
        <>
          <input
            aria-label="Range minimum"
            className="num"
            value={lo}
            onChange={(e) => {
              setLo(e.target.value);
              apply(e.target.value, hi);
            }}
            data-testid="range-min"
          />
          <input
            aria-label="Range maximum"
            className="num"
            value={hi}
            onChange={(e) => {
              setHi(e.target.value);
              apply(lo, e.target.value);
            }}
            data-testid="range-max"
          />
        </>
      )}
    </span>
  );
}

/**
 * One row: the view kind, raw values, the colour group (colour map, inversion, scale, range), A − B, and the More
 * menu. It never wraps: what does not fit scrolls sideways (a phone's width).
 */
export function ViewToolbar({ kinds, active, comparable, unread, onReadMore, unavailable = [], more }: Props) {
  const options = useView((s) => s.options);
  const setOptions = useView((s) => s.setOptions);
  const compare = useView((s) => s.compare);
  const setCompare = useView((s) => s.setCompare);
  const uses = (c: ViewDef['controls'][number]) => active.controls.includes(c);
  return (
    <div className="toolbar view-toolbar" data-testid="view-toolbar">
      <div role="group" aria-label="View" className="segmented">
        {kinds.map((k) => (
          <button
            key={k.kind}
            type="button"
            aria-pressed={k === active}
            onClick={() => setOptions({ view: k.kind })}
            data-testid={`view-${k.kind}`}
          >
            {k.label}
          </button>
        ))}
        {unavailable.map((k) => (
          <button key={k.kind} type="button" disabled title={k.why} data-testid={`view-${k.kind}`}>
            {k.label}
          </button>
        ))}
      </div>
      <CheckOption
        checked={options.raw}
        onChange={(raw) => setOptions({ raw })}
        title="Show the stored numbers: no scale_factor/add_offset, no fill-value masking"
        testId="raw-toggle"
      >
        Raw values
      </CheckOption>
      {(uses('colormap') || uses('scale') || uses('range')) && (
        <div role="group" aria-label="Colour" className="tool-group">
          {uses('colormap') && (
            <>
              <label title="Colour map">
                <span className="visually-hidden">Colour map</span>
                <select
                  value={options.colormap}
                  onChange={(e) => setOptions({ colormap: e.target.value as (typeof COLORMAPS)[number] })}
                  data-testid="colormap"
                >
                  {COLORMAPS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <span
                className="swatch"
                aria-hidden="true"
                style={{ background: gradientCss(options.colormap, options.invert) }}
              />
              <CheckOption checked={options.invert} onChange={(invert) => setOptions({ invert })} testId="invert">
                Invert
              </CheckOption>
            </>
          )}
          {uses('scale') && (
            <label>
              Scale{' '}
              <select
                value={options.scale}
                onChange={(e) => setOptions({ scale: e.target.value as (typeof SCALES)[number] })}
                data-testid="scale"
              >
                {SCALES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
          )}
          {uses('range') && <RangeFields key={options.range === null ? 'auto' : 'fixed'} />}
        </div>
      )}
      {comparable.length > 0 && (
        <label>
          Compare A − B{' '}
          <select value={compare ?? ''} onChange={(e) => setCompare(e.target.value || null)} data-testid="compare">
            <option value="">off</option>
            {comparable.map((v) => (
              <option key={v.path} value={v.path}>
                {v.path}
              </option>
            ))}
          </select>
        </label>
      )}
      {unread > 0 && (
        <button
          type="button"
          onClick={onReadMore}
          title="Variables of this group whose metadata is not read yet may have the same shape"
          data-testid="compare-read-more"
        >
          {comparable.length > 0 ? 'More to compare' : 'Find variables to compare'} ({unread.toLocaleString('en-US')}{' '}
          unread)
        </button>
      )}
      {more && <MoreMenu>{more}</MoreMenu>}
    </div>
  );
}
