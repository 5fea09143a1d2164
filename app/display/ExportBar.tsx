import { useState } from 'react';
import { download, fileStem } from '../common/format';
import type { Slice } from '../core';
import { toCsv } from '../export/csv';
import { writeNpy } from '../export/npy';
import { loadPlotly, type PlotTarget } from '../plot/PlotlyView';
import type { SliceFrame } from './slice-frame';
import type { ExportFormat } from './view-kind';

/** The bytes of a base64 `data:` URL (no fetch: the CSP's connect-src does not cover data:). */
function dataUrlBytes(url: string): Uint8Array {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

interface Props {
  readonly slice: Slice;
  /** The values as shown (CSV) and A − B's float64 values (NPY). */
  readonly frame: Pick<SliceFrame, 'csv' | 'npyOverride'>;
  /** What the view on screen can export (the others are disabled). */
  readonly formats: readonly ExportFormat[];
  /** The plot on screen, for PNG. */
  readonly plot: PlotTarget;
}

/** Export the current slice as CSV (shown values), NPY (raw values, exact dtype) or PNG (the plot). */
export function ExportBar({ slice, frame, formats, plot }: Props) {
  const [error, setError] = useState<string | null>(null);
  const stem = fileStem(slice.variable.path);
  const run = (f: () => void | Promise<void>) => {
    setError(null);
    Promise.resolve()
      .then(f)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <div className="export-bar" role="group" aria-label="Export">
      <button
        type="button"
        disabled={!formats.includes('csv')}
        onClick={() => run(() => download(`${stem}.csv`, toCsv(frame.csv()), 'text/csv'))}
        data-testid="export-csv"
      >
        CSV
      </button>
      <button
        type="button"
        disabled={!formats.includes('npy')}
        onClick={() =>
          run(() => {
            const bytes = frame.npyOverride
              ? writeNpy(frame.npyOverride, slice.shape)
              : writeNpy(slice.data, slice.shape, slice.complex);
            download(`${stem}.npy`, bytes.buffer as ArrayBuffer, 'application/octet-stream');
          })
        }
        data-testid="export-npy"
      >
        NPY
      </button>
      <button
        type="button"
        disabled={!formats.includes('png')}
        onClick={() =>
          run(async () => {
            const el = plot.current;
            if (!el) throw new Error('There is no plot to export.');
            const url = plot.toImage
              ? await plot.toImage()
              : await (await loadPlotly()).toImage(el, { format: 'png', width: 1200, height: 800 });
            download(`${stem}.png`, dataUrlBytes(url).buffer as ArrayBuffer, 'image/png');
          })
        }
        data-testid="export-png"
      >
        PNG
      </button>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
