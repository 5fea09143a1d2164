import { useState } from 'react';
import { download, fileStem } from '../../common/format';
import type { Slice } from '../../core';
import { toCsv } from '../../export/csv';
import { writeNpy } from '../../export/npy';
import type { PlotTarget } from '../../plot/PlotlyView';
import { useDataset } from '../../state/dataset-store';
import { AnimationExport } from './AnimationExport';
import { ImageExport } from './ImageExport';
import type { SliceFrame } from './slice-frame';
import type { ExportFormat } from './view-kind';

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
  const dataset = useDataset((s) => s.dataset);
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
      <ImageExport
        plot={plot}
        stem={stem}
        noPlot={formats.includes('png') ? null : 'There is no plot of a single value to export: use CSV or NPY.'}
      >
        {(size) => dataset && <AnimationExport dataset={dataset} variable={slice.variable} plot={plot} size={size} />}
      </ImageExport>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
