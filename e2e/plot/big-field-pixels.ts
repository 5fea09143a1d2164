/**
 * The big field's colours as the page shows them (big-field.ts): the colour viridis gives a cell, and the pixels of
 * a raster canvas at the centres of cells, placed by the plot's axes.
 */
import type { Page } from '@playwright/test';
import { colorAt, rgbStops } from '../../src/render/colormap';
import { NX, NY, latAt, lonAt, valueAt } from './big-field';

/** The colour viridis gives a cell of this field (linear scale over the slice's extremes). */
export function colourOfCell(x: number, y: number): number[] {
  const lo = valueAt(0, 0, 0);
  const hi = valueAt(0, NY - 1, NX - 1);
  return [...colorAt(rgbStops('viridis'), (valueAt(0, y, x) - lo) / (hi - lo)), 255];
}

/** Pixels of the raster canvas at the centres of cells (x, y) (lon/lat from the indices), as the axes place them. */
export function canvasColours(page: Page, cells: [number, number][], testId = 'heatmap'): Promise<number[][]> {
  return page.getByTestId(testId).evaluate(
    (el, pts) => {
      const fl = (el as unknown as { _fullLayout: Record<string, { d2p(v: number): number }> })._fullLayout;
      const canvas = el.closest('figure')!.querySelector('canvas')!;
      const ctx = canvas.getContext('2d')!;
      const k = canvas.width / canvas.getBoundingClientRect().width;
      return pts.map(([lon = 0, lat = 0]) => {
        const px = Math.floor(fl.xaxis!.d2p(lon) * k);
        const py = Math.floor(fl.yaxis!.d2p(lat) * k);
        return Array.from(ctx.getImageData(px, py, 1, 1).data);
      });
    },
    cells.map(([x, y]) => [lonAt(x), latAt(y)]),
  );
}
