/**
 * The frame box a DSG Map opens on (pure): the projected marks with a margin, so that a regional network is shown
 * framed on itself as a regional grid is (app/plot/map/extent.ts), or null when the marks spread over most of the
 * frame, are fewer than one, or all at one point.
 */
import type { Rect } from '../../plot/map/zoom';

/** Frame pixels at least around the marks (their discs and some room). */
const MIN_PAD = 24;

export function marksExtent(
  xy: readonly (readonly [number, number] | null)[],
  width: number,
  height: number,
  fill = 0.5,
): Rect | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of xy) {
    if (!p) continue;
    x0 = Math.min(x0, p[0]);
    x1 = Math.max(x1, p[0]);
    y0 = Math.min(y0, p[1]);
    y1 = Math.max(y1, p[1]);
  }
  if (!Number.isFinite(x0)) return null;
  const pad = Math.max(MIN_PAD, 0.08 * Math.max(x1 - x0, y1 - y0));
  let box: Rect = [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
  // A box of the frame's shape (the plot keeps its aspect), inside the frame.
  const [w, h] = [box[2] - box[0], box[3] - box[1]];
  const scale = Math.max(w / width, h / height);
  const [cx, cy] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  const [hw, hh] = [(scale * width) / 2, (scale * height) / 2];
  const shift = (c: number, half: number, size: number) => Math.min(Math.max(c, half), size - half);
  const [sx, sy] = [shift(cx, hw, width), shift(cy, hh, height)];
  box = [Math.max(0, sx - hw), Math.max(0, sy - hh), Math.min(width, sx + hw), Math.min(height, sy + hh)];
  return (box[2] - box[0]) * (box[3] - box[1]) >= fill * width * height ? null : box;
}
