/** Colour maps and value scales (the core's, shared with the workers that colour slice images). */
export {
  COLORMAPS,
  SCALES,
  colorAt,
  colorbarTicks,
  colorscale,
  forward,
  gradientCss,
  inverse,
  rgbStops,
  scaleValues,
  symlogThreshold,
  type ColormapName,
  type ScaleName,
  type ScaledValues,
} from '../core';
