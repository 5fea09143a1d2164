/** A map's colour legend: the range's ends around the colour map's gradient, and what is drawn. */
import { formatNumber } from '../../core';
import { gradientCss, type ColormapName } from '../colormap';

interface Props {
  readonly zmin: number;
  readonly zmax: number;
  readonly colormap: ColormapName;
  readonly invert: boolean;
  readonly title: string;
}

export function MapLegend({ zmin, zmax, colormap, invert, title }: Props) {
  return (
    <div className="map-legend">
      <span>{formatNumber(zmin)}</span>
      <span className="swatch" style={{ background: gradientCss(colormap, invert) }} aria-hidden="true" />
      <span>{formatNumber(zmax)}</span> <span className="muted">{title}</span>
    </div>
  );
}
