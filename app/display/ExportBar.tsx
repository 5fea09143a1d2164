import { useState } from 'react';
import { download, fileStem } from '../common/format';
import type { Slice } from '../core';
import { toCsv, type CsvInput } from '../export/csv';
import { writeNpy } from '../export/npy';
import { currentPlot, loadPlotly } from '../plot/PlotlyView';

/** The bytes of a base64 `data:` URL (no fetch: the CSP's connect-src does not cover data:). */
function dataUrlBytes(url: string): Uint8Array {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

interface Props {
  readonly slice: Slice;
  /** Values as shown (decoded, or A − B) for CSV; null for text data (raw values are used). */
  readonly csv: CsvInput;
  /** When set, NPY exports these float64 values instead of the raw slice (A − B). */
  readonly npyOverride: Float64Array | null;
  readonly canPng: boolean;
}

/** Export the current slice as CSV (shown values), NPY (raw values, exact dtype) or PNG (the plot). */
export function ExportBar({ slice, csv, npyOverride, canPng }: Props) {
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
      <button type="button" onClick={() => run(() => download(`${stem}.csv`, toCsv(csv), 'text/csv'))} data-testid="export-csv">
        CSV
      </button>
      <button
        type="button"
        onClick={() =>
          run(() => {
            const bytes = npyOverride ? writeNpy(npyOverride, slice.shape) : writeNpy(slice.data, slice.shape, slice.complex);
            download(`${stem}.npy`, bytes.buffer as ArrayBuffer, 'application/octet-stream');
          })
        }
        data-testid="export-npy"
      >
        NPY
      </button>
      <button
        type="button"
        disabled={!canPng}
        onClick={() =>
          run(async () => {
            if (!currentPlot) throw new Error('There is no plot to export.');
            const P = await loadPlotly();
            const url = await P.toImage(currentPlot, { format: 'png', width: 1200, height: 800 });
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
