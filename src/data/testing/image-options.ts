/** Test helper: how a read asks for its one-chunk slice's image (viridis, linear, rows flipped as maps are). */
import type { SliceImageOptions } from '../pool/fused-image';

export function imageOptions(shape: [number, number]): SliceImageOptions {
  return {
    defaultFill: 'zarr',
    image: {
      shape,
      transposed: false,
      step: 1,
      scale: 'linear',
      range: null,
      colormap: 'viridis',
      invert: false,
      flipY: true,
      flipX: false,
    },
  };
}
