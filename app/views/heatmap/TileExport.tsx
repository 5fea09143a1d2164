import { useState } from 'react';
import { isAbort, type DimSelection, type OpenedDataset, type Slice } from '../../core';
import { download, fileStem, formatBytes } from '../../common/format';
import { toCsv } from '../../export/csv';
import { writeNpy } from '../../export/npy';
import type { PlotTarget } from '../../plot/PlotlyView';
import { decodeOnce } from '../../state/decode-cache';
import { ImageExport } from '../shared/ImageExport';
import { IMAGE_MAX_CELLS } from './slice-image';
import type { TileAxes, TileLevel, TileView } from './tile-plan';
import type { TiledAxis } from './TiledHeatmap';

interface Props {
  readonly dataset: OpenedDataset;
  readonly finest: TileLevel;
  readonly axes: TileAxes;
  readonly view: TileView | null;
  readonly x: TiledAxis;
  readonly y: TiledAxis;
  readonly name: string;
  /** The plot on screen, for PNG and SVG of the part in view as drawn. */
  readonly plot: PlotTarget;
}

/** Most cells exported at once: the part in view at full resolution, as big as one heatmap image. */
const MAX_EXPORT_CELLS = IMAGE_MAX_CELLS;

/** The finest cells whose centres are in view along `d`: [first, stop). */
function inView(finest: TileLevel, d: number, range: readonly [number, number]): [number, number] {
  const n = finest.shape[d] ?? 1;
  return [Math.max(0, Math.ceil(range[0])), Math.min(n, Math.floor(range[1]) + 1)];
}

/**
 * Export of the part in view at full resolution (the finest level, whatever level is drawn): CSV of the values as
 * shown (CF-decoded, coordinate labels), NPY of the stored values; bigger parts ask to zoom in first. PNG and SVG
 * are the plot of the part in view as drawn (the finest level read), at the size asked.
 */
export function TileExport({ dataset, finest, axes, view, x, y, name, plot }: Props) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!view) return null;
  const [x0, x1] = inView(finest, axes.xDim, view.x);
  const [y0, y1] = inView(finest, axes.yDim, view.y);
  const cells = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const tooBig = cells > MAX_EXPORT_CELLS;
  const selection = finest.shape.map((_, d): DimSelection => {
    if (d === axes.xDim) return { start: x0, stop: x1 };
    if (d === axes.yDim) return { start: y0, stop: y1 };
    return axes.indices[d] ?? 0;
  });
  const stem = `${fileStem(finest.path)}-view`;
  const run = (write: (s: Slice) => void) => {
    setState({ busy: true, error: null });
    dataset
      .read(finest.path, selection)
      .then((s) => {
        write(s);
        setState({ busy: false, error: null });
      })
      .catch((e: unknown) =>
        setState({ busy: false, error: isAbort(e) ? null : e instanceof Error ? e.message : String(e) }),
      );
  };
  const csv = (s: Slice) => {
    const d = decodeOnce(dataset, s);
    if (!d) throw new Error(`${finest.path} holds no numbers to export as CSV.`);
    const [ny, nx] = [y1 - y0, x1 - x0];
    // Rows are y, columns x: a slice whose first dimension is x is turned.
    const turn = axes.xDim < axes.yDim;
    const at = (r: number, c: number) => (turn ? c * ny + r : r * nx + c);
    const values = new Float64Array(ny * nx);
    const mask = new Uint8Array(ny * nx);
    for (let r = 0; r < ny; r++)
      for (let c = 0; c < nx; c++) {
        values[r * nx + c] = d.values[at(r, c)]!;
        mask[r * nx + c] = d.mask?.[at(r, c)] ?? 0;
      }
    const labels = (a: TiledAxis, from: number, n: number) => Array.from({ length: n }, (_, i) => a.label(from + i));
    const text = toCsv({
      shape: [ny, nx],
      values,
      mask,
      name,
      rowLabels: labels(y, y0, ny),
      columnLabels: labels(x, x0, nx),
      rowName: `${y.title} \\ ${x.title}`,
    });
    download(`${stem}.csv`, text, 'text/csv');
  };
  const npy = (s: Slice) => {
    const bytes = writeNpy(s.data, s.shape, s.complex);
    download(`${stem}.npy`, bytes.buffer as ArrayBuffer, 'application/octet-stream');
  };
  const title = tooBig
    ? `The part in view has ${cells.toLocaleString('en')} cells at full resolution: zoom in to at most ${MAX_EXPORT_CELLS.toLocaleString('en')} to export it`
    : `The ${(x1 - x0).toLocaleString('en')} × ${(y1 - y0).toLocaleString('en')} cells in view at full resolution (${formatBytes(cells * finest.itemSize)})`;
  return (
    <div className="export-bar" role="group" aria-label="Export the part in view">
      <span className="muted">Part in view, full resolution:</span>
      <button
        type="button"
        disabled={tooBig || state.busy}
        title={title}
        onClick={() => run(csv)}
        data-testid="export-csv"
      >
        CSV
      </button>
      <button
        type="button"
        disabled={tooBig || state.busy}
        title={title}
        onClick={() => run(npy)}
        data-testid="export-npy"
      >
        NPY
      </button>
      {tooBig && <span className="muted">zoom in to export</span>}
      <ImageExport plot={plot} stem={stem} noPlot={null} />
      {state.busy && <span className="muted">Reading…</span>}
      {state.error && (
        <span role="alert" className="error-text">
          {state.error}
        </span>
      )}
    </div>
  );
}
