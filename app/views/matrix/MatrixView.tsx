import { useContext, useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../core';
import type { MatrixRegion } from '../../export/matrix-image';
import { checkedRequest } from '../../plot/plot-image';
import { PlotTargetContext, releaseTarget, type PlotTarget } from '../../plot/PlotlyView';

interface Props {
  /** Number of rows and columns (1-D: one column). */
  readonly rows: number;
  readonly cols: number;
  /** The value at (r, c): a number (NaN = masked/missing), or text. */
  readonly at: (r: number, c: number) => number | string | bigint | boolean;
  readonly masked: (r: number, c: number) => boolean;
  readonly rowLabels: readonly string[] | undefined;
  readonly colLabels: readonly string[] | undefined;
  /** A cell's text and title where they are not the value's (enum names, user-typed values). */
  readonly cellText?:
    ((r: number, c: number) => { readonly text: string; readonly title: string } | undefined) | undefined;
  /** Column width in pixels (wider for long texts such as vlen lists). */
  readonly cellWidth?: number | undefined;
}

/** Makes the export bar's PNG and SVG the picture of the visible table; returns the undo. */
function exportTable(target: PlotTarget, el: HTMLElement | null, view: { readonly current: MatrixRegion }) {
  target.current = el;
  target.toImage = async (req) => {
    const { matrixImage, visibleTable } = await import('../../export/matrix-image');
    const r = checkedRequest(req ?? { format: 'png', width: 800, height: 500, scale: 1 });
    return matrixImage(visibleTable(view.current), r);
  };
  return () => releaseTarget(target, el);
}

const H = 26;
const CELL_W = 110;
const LABEL_W = 150;

/** A virtualised table of a 1- or 2-D slice: only visible cells are in the DOM. */
export function MatrixView({ rows, cols, at, masked, rowLabels, colLabels, cellText, cellWidth }: Props) {
  const W = cellWidth ?? CELL_W;
  const ref = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0, h: 400, w: 800 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setScroll((s) => ({ ...s, h: el.clientHeight, w: el.clientWidth })));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const r0 = Math.max(0, Math.floor(scroll.top / H) - 4);
  const r1 = Math.min(rows, Math.ceil((scroll.top + scroll.h) / H) + 4);
  const c0 = Math.max(0, Math.floor(scroll.left / W) - 2);
  const c1 = Math.min(cols, Math.ceil((scroll.left + scroll.w) / W) + 2);
  const cell = (r: number, c: number): { text: string; value: string; cls: string; title?: string } => {
    if (masked(r, c)) return { text: '—', value: '', cls: 'masked' };
    const own = cellText?.(r, c);
    if (own) return { text: own.text, value: own.title, cls: 'text', title: own.title };
    const v = at(r, c);
    if (typeof v === 'number') return { text: formatNumber(v), value: String(v), cls: Number.isNaN(v) ? 'masked' : '' };
    if (typeof v === 'bigint') return { text: v.toString(), value: v.toString(), cls: '' };
    return { text: String(v), value: String(v), cls: 'text' };
  };
  const view: MatrixRegion = { ...scroll, rows, cols, rowH: H, cellW: W, labelW: LABEL_W, rowLabels, colLabels, cell };
  const tableNow = useRef(view);
  useEffect(() => {
    tableNow.current = view;
  });
  const target = useContext(PlotTargetContext);
  useEffect(() => (target ? exportTable(target, ref.current, tableNow) : undefined), [target]);
  const colIdx = Array.from({ length: Math.max(0, c1 - c0) }, (_, k) => c0 + k);
  return (
    <div
      ref={ref}
      className="matrix"
      role="grid"
      aria-label="Values"
      aria-rowcount={rows + 1}
      aria-colcount={cols + 1}
      tabIndex={0}
      onScroll={(e) => setScroll({ ...scroll, top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
      data-testid="matrix"
    >
      <div style={{ height: (rows + 1) * H, width: LABEL_W + cols * W, position: 'relative' }}>
        <div role="row" aria-rowindex={1} className="m-row head" style={{ top: scroll.top, height: H }}>
          <span
            role="columnheader"
            aria-colindex={1}
            className="m-cell label"
            style={{ left: scroll.left, width: LABEL_W }}
          />
          {colIdx.map((c) => (
            <span
              role="columnheader"
              aria-colindex={c + 2}
              key={c}
              className="m-cell"
              style={{ left: LABEL_W + c * W, width: W }}
            >
              {colLabels?.[c] ?? c}
            </span>
          ))}
        </div>
        {Array.from({ length: Math.max(0, r1 - r0) }, (_, k) => r0 + k).map((r) => (
          <div role="row" aria-rowindex={r + 2} key={r} className="m-row" style={{ top: (r + 1) * H, height: H }}>
            <span
              role="rowheader"
              aria-colindex={1}
              className="m-cell label"
              style={{ left: scroll.left, width: LABEL_W }}
            >
              {rowLabels?.[r] ?? r}
            </span>
            {colIdx.map((c) => {
              const v = cell(r, c);
              return (
                <span
                  role="gridcell"
                  aria-colindex={c + 2}
                  key={c}
                  className={`m-cell ${v.cls}`}
                  style={{ left: LABEL_W + c * W, width: W }}
                  data-testid={`cell-${r}-${c}`}
                  data-value={v.value}
                  title={v.title}
                >
                  {v.text}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
