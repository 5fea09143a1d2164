/** Matrix: the values as a table (a scalar as one value); applies to every variable, text and complex too. */
import { formatNumber } from '../../core';
import { stringsOf } from '../shared/slice-frame';
import { MatrixView } from './MatrixView';
import type { ViewDef, ViewProps } from '../shared/view-kind';

/**
 * A `char` array of 2 or more dimensions with its last one (the string length) shown: one string per row when it is
 * across (x), one per column when the Matrix is transposed (it is along the rows, y); read as netCDF reads it (to
 * the first NUL, trailing spaces trimmed). Null otherwise.
 */
function charText({ frame, context }: ViewProps): { strings: string[]; along: 'rows' | 'cols' } | null {
  const v = context?.variable;
  if (!v || v.type !== 'char' || v.dimensions.length < 2 || frame.rank !== 2) return null;
  const last = v.dimensions.length - 1;
  const across = !frame.transposed && context.x === last && context.y !== null;
  const along = frame.transposed && context.y === last && context.x !== null;
  if (!across && !along) return null;
  const strings = across
    ? stringsOf(frame.at, frame.rows, frame.cols, true)
    : stringsOf(frame.at, frame.cols, frame.rows, false);
  return { strings, along: across ? 'rows' : 'cols' };
}

function MatrixOrScalar(props: ViewProps) {
  const { frame } = props;
  const text = charText(props);
  if (text) {
    const { strings, along } = text;
    const name = props.context?.variable.name ?? 'text';
    return along === 'rows' ? (
      <MatrixView
        rows={frame.rows}
        cols={1}
        at={(r) => strings[r] ?? ''}
        masked={() => false}
        rowLabels={frame.rowLabels}
        colLabels={[name]}
        cellWidth={240}
      />
    ) : (
      <MatrixView
        rows={1}
        cols={frame.cols}
        at={(_, c) => strings[c] ?? ''}
        masked={() => false}
        rowLabels={[name]}
        colLabels={frame.colLabels}
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
