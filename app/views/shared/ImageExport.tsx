import { useState, type ReactNode } from 'react';
import { download } from '../../common/format';
import { dataUrlBytes, plotlyImage, type ImageFormat } from '../../plot/plot-image';
import type { PlotTarget } from '../../plot/PlotlyView';

const MIME: Record<ImageFormat, string> = { png: 'image/png', svg: 'image/svg+xml' };

/** A size field: whole CSS pixels, empty for the plot's size on screen. */
function SizeField(p: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <label>
      {p.label}{' '}
      <input
        className="num"
        type="number"
        min={16}
        max={8192}
        placeholder="as shown"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
    </label>
  );
}

export type PictureSize = () => { width: number; height: number };

interface Props {
  /** The plot on screen. */
  readonly plot: PlotTarget;
  /** The file name without its extension. */
  readonly stem: string;
  /** Why there is no picture to export (the buttons are then disabled, the size fields hidden), or null. */
  readonly noPlot: string | null;
  /** Drawn after the size fields, given the picture's size (e.g. the animation's export). */
  readonly children?: ((size: PictureSize) => ReactNode) | undefined;
}

/** PNG and SVG of the plot on screen at the size and scale asked (empty fields: its size on screen). */
export function ImageExport({ plot, stem, noPlot, children }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [scale, setScale] = useState(1);
  const size: PictureSize = () => ({
    width: Number(width) || plot.current?.clientWidth || 800,
    height: Number(height) || plot.current?.clientHeight || 500,
  });
  const save = async (format: ImageFormat) => {
    const el = plot.current;
    if (!el) throw new Error('There is no plot to export.');
    const req = { format, ...size(), scale };
    const url = plot.toImage ? await plot.toImage(req) : await plotlyImage(el, req);
    download(`${stem}.${format}`, dataUrlBytes(url).buffer as ArrayBuffer, MIME[format]);
  };
  return (
    <>
      {(['png', 'svg'] as const).map((format) => (
        <button
          key={format}
          type="button"
          disabled={noPlot !== null}
          title={noPlot ?? undefined}
          onClick={() => {
            setError(null);
            save(format).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
          }}
          data-testid={`export-${format}`}
        >
          {format.toUpperCase()}
        </button>
      ))}
      {noPlot === null && (
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
          {children?.(size)}
        </>
      )}
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </>
  );
}
