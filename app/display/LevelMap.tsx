/**
 * The Map of a HEALPix zoom pyramid, which reads the level the screen needs itself (no slice of the selected level
 * is read for it), and the way to its exports: they are of the selected level's slice, read whole on request.
 */
import { useMemo, useState, type ComponentType } from 'react';
import { axisTitle, type Variable } from '../core';
import { healpixPyramid } from '../plot/map/use-healpix-level';
import { levelFrame } from '../views/map/level-frame';
import type { ViewContext, ViewProps } from '../views/shared/view-kind';

/**
 * The frame of the level Map (null: the display reads the slice as for any view): on a Map that can (`possible`)
 * of a HEALPix pyramid's level, until the user asks for the selected level's slice (`readWhole`).
 */
export function useLevelMap(variable: Variable, possible: boolean, cells: ViewContext['cells']) {
  const [wholeFor, setWholeFor] = useState<string | null>(null);
  const own = possible && wholeFor !== variable.path && healpixPyramid(cells);
  const title = own ? axisTitle(variable) : null;
  const frame = useMemo(() => (title !== null ? levelFrame(title) : null), [title]);
  return { frame, readWhole: () => setWholeFor(variable.path) };
}

interface Props extends ViewProps {
  readonly Component: ComponentType<ViewProps>;
  /** The selected level's slice: its cell count, and how to read it for the exports. */
  readonly cells: number;
  readonly onReadWhole: () => void;
}

export function LevelMap({ Component, frame, options, context, cells, onReadWhole }: Props) {
  return (
    <div className="slice-view" data-testid="slice-view">
      <Component frame={frame} options={options} context={context} />
      <p className="muted" data-testid="level-export">
        The Map reads the pyramid level the screen needs. Exports (CSV, NPY, PNG, SVG) are of the selected level:{' '}
        <button type="button" onClick={onReadWhole} data-testid="level-read-whole">
          Read its {cells.toLocaleString('en')} cells for export
        </button>
      </p>
    </div>
  );
}
