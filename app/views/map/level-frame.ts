/**
 * The frame the Map of a HEALPix zoom pyramid is given: no values (the display reads no slice for it; the Map
 * reads the level the screen needs, app/plot/map/use-healpix-level.ts), only the title its hover and colour bar
 * name.
 */
import type { FrameAxis, SliceFrame } from '../shared/slice-frame';

const NO_AXIS: FrameAxis = { title: 'index', values: [], labels: undefined };

export function levelFrame(title: string): SliceFrame {
  return {
    rank: 1,
    title,
    values: null,
    transposed: false,
    x: NO_AXIS,
    y: NO_AXIS,
    rows: 0,
    cols: 0,
    at: () => NaN,
    masked: () => true,
    rowLabels: undefined,
    colLabels: undefined,
    warnings: [],
    csv: () => ({ shape: [0], values: [], name: title }),
    npyOverride: null,
    stride: 1,
  };
}
