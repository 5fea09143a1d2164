/** Matrix: the values as a table (a scalar as one value); applies to every variable, text and complex too. */
import { formatNumber } from '../core';
import { MatrixView } from '../display/MatrixView';
import type { ViewDef, ViewProps } from '../display/view-kind';

function MatrixOrScalar({ frame }: ViewProps) {
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
