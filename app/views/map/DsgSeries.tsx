import { download, fileStem } from '../../common/format';
import { csvField } from '../../export/csv';
import { PlotlyView } from '../../plot/PlotlyView';

/** A feature's series as the DSG Map gives it on a click (src/geo/dsg/select.ts `featureSeries`), labelled. */
export interface ShownSeries {
  /** The feature, as the hover names it. */
  readonly label: string;
  /** What the series runs along: `time`, the vertical coordinate's name, or the element dimension. */
  readonly coordinate: string;
  /** Its axis title (the name with its units). */
  readonly axis: string;
  readonly along: 'time' | 'z' | 'index';
  /** The x texts are dates (a CF time). */
  readonly dates: boolean;
  /** Per value: its time (ISO text), depth or element index, as text for the plot and the CSV. */
  readonly x: readonly string[];
  readonly y: readonly (number | null)[];
}

function toCsv(s: ShownSeries, name: string): string {
  const lines = [[s.axis, name].map(csvField).join(',')];
  s.x.forEach((x, i) => lines.push([csvField(x), s.y[i] === null ? '' : String(s.y[i])].join(',')));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The series of a DSG feature clicked on the Map (a trajectory along its observations in time order, a ragged
 * station's observations, a ragged profile along depth), from the values the Map already holds: the plot and its
 * CSV. A profile's depth runs down the plot's y axis.
 */
export function DsgSeries({
  series,
  variable,
  units,
  onClose,
}: {
  series: ShownSeries;
  variable: string;
  units: string;
  onClose: () => void;
}) {
  const title = `${series.along === 'time' ? 'Time series' : `Series along ${series.coordinate}`} at ${series.label}`;
  const along = series.along === 'z';
  const name = `${fileStem(variable)} ${series.label}`;
  const trace = {
    type: 'scatter',
    mode: 'lines+markers',
    name,
    ...(along ? { x: series.y, y: series.x.map(Number) } : { x: series.x, y: series.y }),
    connectgaps: false,
  };
  const valueAxis = { title: { text: units ? `${fileStem(variable)} (${units})` : fileStem(variable) } };
  const coordAxis = { title: { text: series.axis }, ...(along ? { autorange: 'reversed' } : {}) };
  return (
    <section className="series" role="region" aria-label={title} data-testid="dsg-series" data-values={series.y.length}>
      <h3>{title}</h3>
      <PlotlyView
        data={[trace]}
        layout={{
          xaxis: along ? valueAxis : { ...coordAxis, ...(series.dates ? { type: 'date' } : {}) },
          yaxis: along ? coordAxis : valueAxis,
          showlegend: false,
        }}
        label={title}
        testId="series-plot"
      />
      <div className="toolbar">
        <button
          type="button"
          data-testid="series-csv"
          onClick={() => download(`${fileStem(variable)}-series.csv`, toCsv(series, name), 'text/csv')}
        >
          Export CSV
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
