/**
 * **Animation**: the plot on screen played along a dimension (the one Play steps: the first one not on the axes)
 * and written as a WebM video (or an animated GIF where the browser has no video encoder), one frame per step, the
 * step's coordinate label burnt into each frame. Each step is shown on screen, waited for (the shown slice is that
 * step's and the plot has painted it) and pictured as the PNG export pictures it.
 */
import { useState } from 'react';
import { download, fileStem } from '../../common/format';
import type { OpenedDataset, Variable } from '../../core';
import type { AnimationEncoder, AnimationFormat } from '../../export/animation';
import { plotlyImage, type ImageRequest } from '../../plot/plot-image';
import type { PlotTarget } from '../../plot/PlotlyView';
import { useSlice } from '../../state/slice-store';
import { useView } from '../../state/view-store';
import { useAxes } from './use-axes';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly plot: PlotTarget;
  /** The picture's size (CSS pixels). */
  readonly size: () => { width: number; height: number };
}

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Waits until the slice shown has `index` at `dim` and the plot has painted it (or `ms` passed). */
async function shownStep(dim: number, index: number, ms = 30_000): Promise<void> {
  const t0 = performance.now();
  for (;;) {
    const sel = useSlice.getState().shown?.selection;
    if (sel && sel[dim] === index) break;
    if (performance.now() - t0 > ms) throw new Error(`Step ${index} was not shown in time.`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await nextFrame();
  await nextFrame();
}

function loadImage(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = url;
  return img.decode().then(() => img);
}

export function AnimationExport({ dataset, variable, plot, size }: Props) {
  const x = useView((s) => s.x);
  const y = useView((s) => s.y);
  const setIndex = useView((s) => s.setIndex);
  const axes = useAxes(dataset, variable);
  const dim = variable.shape.findIndex((n, d) => d !== x && d !== y && n > 1);
  const [steps, setSteps] = useState('');
  const [fps, setFps] = useState(4);
  const [status, setStatus] = useState<string | null>(null);
  if (dim < 0) return null;
  const n = variable.shape[dim] ?? 1;
  const name = variable.dimensions[dim]?.name ?? `dim ${dim}`;
  const run = async (format: AnimationFormat) => {
    const el = plot.current;
    if (!el) throw new Error('There is no plot to export.');
    const start = useView.getState().indices[dim] ?? 0;
    const count = Math.max(1, Math.min(n - start, Number(steps) || n - start, 1000));
    const s = size();
    // VP8 wants even sizes.
    const width = Math.max(16, Math.round(s.width / 2) * 2);
    const height = Math.max(16, Math.round(s.height / 2) * 2);
    const req: ImageRequest = { format: 'png', width, height, scale: 1 };
    // The encoders (webm-muxer, gifenc) load on first use: not part of the page's initial code.
    const { burnLabel, gifEncoder, webmEncoder } = await import('../../export/animation');
    const enc: AnimationEncoder = format === 'webm' ? webmEncoder(width, height, fps) : gifEncoder(fps);
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [width, height];
    const ctx = canvas.getContext('2d', { willReadFrequently: format === 'gif' });
    if (!ctx) throw new Error('The browser cannot draw the frames.');
    const css = getComputedStyle(document.documentElement);
    const bg = css.getPropertyValue('--bg').trim() || '#fff';
    const fg = css.getPropertyValue('--fg').trim() || '#222';
    try {
      for (let k = 0; k < count; k++) {
        setStatus(`Frame ${k + 1} of ${count}…`);
        setIndex(dim, start + k);
        await shownStep(dim, start + k);
        const target = plot.current ?? el;
        const url = plot.toImage ? await plot.toImage(req) : await plotlyImage(target, req);
        const img = await loadImage(url);
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, width, height);
        ctx.drawImage(img, 0, 0, width, height);
        const label = axes.values[dim]?.labels[start + k] ?? String(start + k);
        burnLabel(ctx, `${name} ${label}`, bg, fg);
        await enc.add(canvas);
      }
      const bytes = await enc.finish();
      const mime = format === 'webm' ? 'video/webm' : 'image/gif';
      download(`${fileStem(variable.path)}-${name}.${format}`, bytes.buffer as ArrayBuffer, mime);
      setStatus(`${count} frames written.`);
    } finally {
      setIndex(dim, start);
    }
  };
  const go = (format: AnimationFormat) =>
    run(format).catch((e: unknown) => setStatus(e instanceof Error ? e.message : String(e)));
  const webm = typeof VideoEncoder === 'function' && typeof VideoFrame === 'function';
  return (
    <span className="animation-export" role="group" aria-label={`Animation along ${name}`}>
      <label>
        Steps{' '}
        <input
          className="num"
          type="number"
          min={1}
          max={n}
          placeholder={String(n)}
          value={steps}
          onChange={(e) => setSteps(e.target.value)}
          data-testid="animation-steps"
        />
      </label>
      <label>
        fps{' '}
        <input
          className="num"
          type="number"
          min={1}
          max={60}
          value={fps}
          onChange={(e) => setFps(Math.max(1, Math.min(60, Number(e.target.value) || 4)))}
          data-testid="animation-fps"
        />
      </label>
      <button
        type="button"
        disabled={!webm}
        title={webm ? undefined : 'This browser has no video encoder: use GIF'}
        onClick={() => void go('webm')}
        data-testid="export-webm"
      >
        WebM
      </button>
      <button type="button" onClick={() => void go('gif')} data-testid="export-gif">
        GIF
      </button>
      {status && (
        <span role="status" data-testid="animation-status">
          {status}
        </span>
      )}
    </span>
  );
}
