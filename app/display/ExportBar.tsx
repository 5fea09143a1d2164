import { useState } from 'react';
import { download, fileStem } from '../common/format';
import type { Slice } from '../core';
import { toCsv } from '../export/csv';
import { writeNpy } from '../export/npy';
import { dataUrlBytes, plotlyImage, type ImageFormat } from '../plot/plot-image';
import type { PlotTarget } from '../plot/PlotlyView';
import { useDataset } from '../state/dataset-store';
import { AnimationExport } from './AnimationExport';
import type { SliceFrame } from './slice-frame';
import type { ExportFormat } from './view-kind';

const MIME: Record<ImageFormat, string> = { png: 'image/png', svg: 'image/svg+xml' };

/** A size field: whole CSS pixels, empty for the plot's size on screen. */
function SizeField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  return (
    <label>
      {label}{' '}
      <input
        className="num"
        type="number"
        min={16}
        max={8192}
        placeholder="as shown"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
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
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [scale, setScale] = useState(1);
  const dataset = useDataset((s) => s.dataset);
  /** The picture's size: the fields, or the plot's size on screen. */
  const size = () => ({
    width: Number(width) || plot.current?.clientWidth || 800,
    height: Number(height) || plot.current?.clientHeight || 500,
  });
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
      {(['png', 'svg'] as const).map((format) => (
        <button
          key={format}
          type="button"
          disabled={!formats.includes('png')}
          onClick={() =>
            run(async () => {
              const el = plot.current;
              if (!el) throw new Error('There is no plot to export.');
              const req = { format, ...size(), scale };
              const url = plot.toImage ? await plot.toImage(req) : await plotlyImage(el, req);
              download(`${stem}.${format}`, dataUrlBytes(url).buffer as ArrayBuffer, MIME[format]);
            })
          }
          data-testid={`export-${format}`}
        >
          {format.toUpperCase()}
        </button>
      ))}
      {formats.includes('png') && (
        <>
          <SizeField label="Width" value={width} onChange={setWidth} testId="export-width" />
          <SizeField label="Height" value={height} onChange={setHeight} testId="export-height" />
          <label>
            Scale{' '}
            <select value={scale} onChange={(e) => setScale(Number(e.target.value))} data-testid="export-scale">
              {[1, 2, 3, 4].map((k) => (
                <option key={k} value={k}>
                  {k}×
                </option>
              ))}
            </select>
          </label>
          {dataset && <AnimationExport dataset={dataset} variable={slice.variable} plot={plot} size={size} />}
        </>
      )}
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
