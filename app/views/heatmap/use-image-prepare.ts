/**
 * How the display's slice reads prepare a heatmap image (`Prepare`, app/state/slice-store.ts): the read asks the
 * worker that decodes a one-chunk slice to colour it (and first at about the plot's resolution), the pictures are
 * drawn on the loading plot the moment they are made, and a slice read without one is coloured in a worker before it
 * is shown. `plan` (how the heatmap would draw the slice) and `host` (the loading plot) are read when each step
 * runs: the coordinates and the plot may come in while the read is under way.
 */
import { useMemo, useRef, type RefObject } from 'react';
import type { OpenedDataset } from '../../core';
import { showEarly, type PlotHost } from '../../plot/plot-host';
import { plotAreaSize } from '../../plot/plot-warm';
import { barPlotArea } from '../../plot/raster-figure';
import type { Prepare } from '../../state/slice-store';
import { useView } from '../../state/view-store';
import {
  earlySliceImage,
  imageOptions,
  prepareSliceImage,
  previewImage,
  previewStep,
  type ImagePlan,
} from './image-prep';

export function useImagePrepare(
  dataset: OpenedDataset,
  plan: RefObject<ImagePlan | null>,
  host: RefObject<PlotHost | null>,
): Prepare {
  /** The preview step the last read asked for. */
  const asked = useRef<number | undefined>(undefined);
  return useMemo<Prepare>(
    () => ({
      // The plan known when the read starts (the coordinates are usually read by then): the chunk's decode may make
      // the image too; it is used only if the view still wants that image when the slice arrives.
      readOptions: () => {
        const p = plan.current;
        const image = p && imageOptions(dataset, p, useView.getState().options);
        // The plot is not on the page yet: the plot area a heatmap has in the main column.
        const { width, height } = plotAreaSize();
        const area = barPlotArea(width, height);
        asked.current = p ? previewStep(p, area.width, area.height, window.devicePixelRatio || 1) : undefined;
        return image ? { image, preview: asked.current } : {};
      },
      // A first picture at the plot's resolution, ahead of that image (the worker colours a quarter of the cells).
      preview: (made, key) => {
        const p = plan.current;
        const h = host.current;
        const image = p && asked.current && previewImage(dataset, p, useView.getState().options, made, asked.current);
        if (h && image) showEarly(h, key, image);
      },
      // That image, drawn by the loading heatmap the moment it is made (the view then shows the same pixels).
      early: (made, key) => {
        const p = plan.current;
        const h = host.current;
        if (!p || !h) return false;
        const image = earlySliceImage(dataset, p, useView.getState().options, made);
        return image ? showEarly(h, key, { width: image.width, height: image.height, source: image.source }) : false;
      },
      run: (slice, signal) => {
        const p = plan.current;
        return p && !signal.aborted
          ? prepareSliceImage(dataset, slice, p, useView.getState().options, 'normal', signal)
          : Promise.resolve();
      },
    }),
    [dataset, plan, host],
  );
}
