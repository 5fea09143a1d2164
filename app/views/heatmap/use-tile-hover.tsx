/**
 * Hover and click on a field drawn level by level: the read-out gives the finest level's value (looked up when the
 * finest level is on screen there, else read: one chunk, after the pointer rests), a click opens the series at the
 * finest cell.
 */
import { useEffect, useRef, useState } from 'react';
import type { OpenedDataset } from '../../core';
import type { RasterPointer } from '../../plot/RasterPlot';
import type { Readout } from './HoverReadout';
import { useSeries } from '../../state/series-store';
import type { RegionPicture } from './read-region';
import { regionCell } from './tile-axes';
import type { TileAxes, TileLevel } from './tile-plan';
import type { TiledAxis } from './TiledHeatmap';
import { useFinestRead, valueText } from './use-finest-read';

export function useTileHover(
  dataset: OpenedDataset,
  levels: readonly TileLevel[],
  axes: TileAxes,
  pictures: readonly (RegionPicture | null)[],
  x: TiledAxis,
  y: TiledAxis,
  name: string,
): {
  readonly readout: Readout | null;
  readonly onHover: (p: RasterPointer | null) => void;
  readonly onClick: (p: RasterPointer) => void;
  readonly onPress: () => void;
} {
  const [readout, setReadout] = useState<Readout | null>(null);
  // While a button is held (a zoom box or a pan) the pointer is not resting on a value: nothing is read.
  const pressed = useRef(false);
  useEffect(() => {
    const up = () => void (pressed.current = false);
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);
  const setPoint = useSeries((s) => s.setPoint);
  const finest = levels[0]!;
  const { indicesAt, readAt, stop } = useFinestRead(dataset, finest, axes);

  const onHover = (p: RasterPointer | null) => {
    stop();
    if (!p || p.col === null || p.row === null || pressed.current) return setReadout(null);
    const [xi, yi] = [p.col, p.row];
    const where = [`${x.title}: ${x.label(xi)}`, `${y.title}: ${y.label(yi)}`];
    const show = (value: string) =>
      setReadout({ left: p.left + 12, top: p.top + 12, lines: [...where, `${name}: ${value}`] });
    for (const pic of pictures) {
      if (!pic || pic.region.level.index !== 0) continue;
      const i = regionCell(pic.region, axes, yi, xi);
      if (i === null) continue;
      return show(valueText(pic.data.values[i], pic.data.mask?.[i] === 1));
    }
    const coarse = pictures.find((pic) => pic && regionCell(pic.region, axes, yi, xi) !== null);
    const ci = coarse ? regionCell(coarse.region, axes, yi, xi) : null;
    show(
      coarse && ci !== null
        ? `≈ ${valueText(coarse.data.values[ci], coarse.data.mask?.[ci] === 1)} (level ${coarse.region.level.index}); reading…`
        : 'reading…',
    );
    readAt(xi, yi, show);
  };

  const onClick = (p: RasterPointer) => {
    if (p.col === null || p.row === null) return;
    const indices = indicesAt(p.col, p.row);
    setPoint({ variable: finest.path, indices, label: `(${y.label(p.row)}, ${x.label(p.col)})` });
  };
  const onPress = () => {
    pressed.current = true;
    stop();
    setReadout(null);
  };
  return { readout, onHover, onClick, onPress };
}
