/** Matrix: the values as a table (a scalar as one value); applies to every variable, text and complex too. */
import { charStrings, formatNumber } from '../../core';
import { MatrixView } from './MatrixView';
import type { ViewDef, ViewProps } from '../shared/view-kind';

/**
 * A `char` array of 2 or more dimensions with its last one (the string length) across: one string per row, read as
 * netCDF reads it (to the first NUL, trailing spaces trimmed); null otherwise.
 */
function rowStrings({ frame, context }: ViewProps): string[] | null {
  const v = context?.variable;
  if (!v || v.type !== 'char' || v.dimensions.length < 2 || frame.rank !== 2 || frame.transposed) return null;
  if (context.x !== v.dimensions.length - 1 || context.y === null) return null;
  const cells = Array.from({ length: frame.rows * frame.cols }, (_, i) => {
    const c = frame.at(Math.floor(i / frame.cols), i % frame.cols);
    return typeof c === 'string' ? c : '';
  });
  return charStrings(cells, frame.cols);
}

function MatrixOrScalar(props: ViewProps) {
  const { frame } = props;
  const strings = rowStrings(props);
  if (strings) {
    return (
      <MatrixView
        rows={frame.rows}
        cols={1}
        at={(r) => strings[r] ?? ''}
        masked={() => false}
        rowLabels={frame.rowLabels}
        colLabels={[props.context?.variable.name ?? 'text']}
        cellWidth={240}
      />
    );
  }
  if (frame.rank === 0) {
    const v = frame.at(0, 0);
    return (
      <p className="scalar" data-testid="scalar-value" title={frame.cell?.(0, 0)?.title}>
        {frame.masked(0, 0)
          ? 'masked'
          : (frame.cell?.(0, 0)?.text ?? (typeof v === 'number' ? formatNumber(v) : String(v)))}
      </p>
    );
  }
  return (
    <MatrixView
      rows={frame.rows}
      cols={frame.cols}
      at={frame.at}
      masked={frame.masked}
      rowLabels={frame.rowLabels}
      colLabels={frame.colLabels}
      cellText={frame.cell}
      cellWidth={frame.wideCells ? (frame.cols > 1 ? 240 : 420) : undefined}
    />
  );
}

export const matrixView: ViewDef = {
  kind: 'matrix',
  label: 'Matrix',
  applies: () => true,
  needsValues: false,
  Component: MatrixOrScalar,
  exports: ['csv', 'npy', 'png'],
  controls: [],
};
