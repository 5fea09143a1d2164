/**
 * A and B side by side (one colour range, linked zoom and pan) or A − B on A's grid with its summary (the region
 * "Difference"), the link of B's slice to A's, and the series of both at a clicked point.
 */
import { useMemo, useState } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import type { OpenDataset, Variable } from '../core';
import { colorscale } from '../plot/colormap';
import type { CompareMode, LinkMode, RegridChoice } from '../state/compare-settings';
import { useCompare } from '../state/compare-store';
import type { ViewOptions } from '../state/view-options';
import { drawStep, everyStep, nearestIndex, sharedRange, symmetricRange, zRows, type Grid2 } from './compare-math';
import { compareCode } from './compare-code';
import { gridsMatch, type PairSlices, type Side } from './compare-read';
import { compareMapGrid } from './compare-map-grid';
import { cellsMapGrid } from './compare-cells';
import { BSteps } from './BSteps';
import { CompareMap } from './CompareMap';
import { CompareSeries, type SeriesPoint } from './CompareSeries';
import { LinkedPlot, newLinkGroup } from './LinkedPlot';
import { usePair } from './use-pair';

interface Props {
  readonly dsA: OpenDataset;
  readonly varA: Variable;
  readonly selA: readonly (number | null)[];
  readonly x: number | null;
  readonly y: number | null;
  readonly dsB: OpenDataset;
  readonly varB: Variable;
  readonly link: LinkMode;
  readonly method: RegridChoice;
  readonly mode: CompareMode;
  readonly options: ViewOptions;
}

/** The padded extent of coordinates (cell edges), so that A and B start on the same axis ranges. */
function extent(...axes: readonly Float64Array[]): [number, number] | null {
  const r = sharedRange(...axes);
  if (!r) return null;
  const step = Math.min(...axes.map((a) => (a.length > 1 ? Math.abs(a[1]! - a[0]!) : 1)));
  return [r[0] - step / 2, r[1] + step / 2];
}

function heatmap(
  g: Grid2,
  side: Side,
  range: readonly [number, number] | null,
  scale: [number, string][],
  title: string,
) {
  const step = drawStep(g);
  return {
    type: 'heatmap',
    z: zRows(g, step),
    x: everyStep(side.x, step),
    y: everyStep(side.y, step),
    ...(range ? { zmin: range[0], zmax: range[1], zauto: false } : {}),
    colorscale: scale,
    hoverongaps: false,
    colorbar: { title: { text: title, side: 'right' } },
  };
}

/**
 * A curvilinear B, or a B on another grid when either side is projected, is drawn on its own grid (its own axes,
 * not linked); a B on a grid of cells (a mesh, HEALPix) on its own map; the difference regrids it.
 */
const drawnAlone = (pair: PairSlices) =>
  pair.curvilinear !== null || pair.cells !== null || (pair.projected !== null && !gridsMatch(pair));

export function CompareViews(props: Props) {
  const { dsA, varA, selA, x, y, dsB, varB, link, method, mode, options } = props;
  const steps = useCompare((s) => s.steps);
  const state = usePair(dsA, varA, selA, { x, y }, dsB, varB, link, mode === 'diff' ? method : null, steps);
  const [group] = useState(newLinkGroup);
  const [alone] = useState(newLinkGroup);
  const [point, setPoint] = useState<SeriesPoint | null>(null);
  const { pair, diff } = state;
  const plots = useMemo(() => {
    if (!pair) return null;
    const scale = colorscale(options.colormap, options.invert);
    const units = pair.unitsA ? ` [${pair.unitsA}]` : '';
    const range = pair.problem ? null : (options.range ?? sharedRange(pair.a.grid.values, pair.b?.grid.values ?? []));
    const own = drawnAlone(pair);
    const xr = extent(pair.a.x, ...(pair.b && !own ? [pair.b.x] : []));
    const yr = extent(pair.a.y, ...(pair.b && !own ? [pair.b.y] : []));
    const layout = (title: string, alone = false) => ({
      title: { text: title, font: { size: 13 } },
      xaxis: { title: { text: alone ? (pair.namesB?.x ?? '') : pair.names.x }, ...(xr && !alone ? { range: xr } : {}) },
      yaxis: { title: { text: alone ? (pair.namesB?.y ?? '') : pair.names.y }, ...(yr && !alone ? { range: yr } : {}) },
      margin: { l: 60, r: 10, t: 40, b: 50 },
      height: 360,
    });
    const a = { data: [heatmap(pair.a.grid, pair.a, range, scale, units)], layout: layout(`A: ${varA.path}`) };
    const b = pair.b &&
      !pair.cells && {
        data: [heatmap(pair.b.grid, pair.b, range, scale, units)],
        layout: layout(`B: ${varB.path}${pair.unitsText ? ' (in A’s units)' : ''}${own ? ', its own grid' : ''}`, own),
      };
    const d = diff && {
      data: [heatmap(diff.grid, pair.a, symmetricRange(diff.grid.values), colorscale('rdbu', true), `A − B${units}`)],
      layout: layout(`A − B (${diff.label})`),
    };
    return { a, b, d };
  }, [pair, diff, options.colormap, options.invert, options.range, varA.path, varB.path]);
  const mapSides = useMemo(() => {
    // An A on a grid of cells is drawn on its map side by side too.
    if (!pair?.b || !(mode === 'map' || (mode === 'side' && pair.cellsA))) return null;
    // A projected side is placed by its cells' longitude/latitude from its mapping.
    const a = pair.cellsA
      ? cellsMapGrid(pair.cellsA, pair.a.grid.values, varA)
      : compareMapGrid(pair.a, pair.kindX, pair.kindY, pair.projected?.a ?? null);
    const b = pair.cells
      ? cellsMapGrid(pair.cells, pair.b.grid.values, varB)
      : compareMapGrid(pair.b, pair.kindX, pair.kindY, pair.curvilinear ?? pair.projected?.b ?? null);
    if (!a || !b) return null;
    const inA = pair.unitsText ? ' (in A’s units)' : '';
    return [
      { grid: a, title: `A: ${varA.path}`, testId: 'compare-map-a' },
      { grid: b, title: `B: ${varB.path}${inA}`, testId: 'compare-map-b' },
    ];
  }, [pair, mode, varA, varB]);
  // B on its own map beside A's plot (side by side) when B lies on a grid of cells.
  const cellsB = useMemo(() => {
    if (!pair?.b || !pair.cells || pair.cellsA || mode !== 'side') return null;
    const title = `B: ${varB.path}${pair.unitsText ? ' (in A’s units)' : ''}, its own cells`;
    return [{ grid: cellsMapGrid(pair.cells, pair.b.grid.values, varB), title, testId: 'compare-map-b' }];
  }, [pair, mode, varB]);
  // A − B on A's cells, on A's map.
  const diffMap = useMemo(() => {
    if (!pair?.cellsA || !diff || mode !== 'diff') return null;
    const grid = cellsMapGrid(pair.cellsA, diff.grid.values, varA);
    return [{ grid, title: `A − B (${diff.label})`, testId: 'compare-diff-map' }];
  }, [pair, diff, mode, varA]);
  const sideRange = pair && !pair.problem ? sharedRange(pair.a.grid.values, pair.b?.grid.values ?? []) : null;
  // The series of both at a cell needs B's cell linked to A's: not offered for a B on a grid of cells.
  const onPoint = (px: number, py: number) => {
    if (!pair || pair.cells) return;
    const lon = pair.kindX === 'longitude';
    setPoint({ yi: nearestIndex(pair.a.y, py), xi: nearestIndex(pair.a.x, px, lon) });
  };
  return (
    <div className="compare-views" data-testid="compare-views" aria-busy={state.loading}>
      {state.error !== null && <ErrorMessage error={state.error} title="The comparison could not be read" />}
      <BSteps varA={varA} x={x} y={y} dsB={dsB} varB={varB} pair={pair} />
      {pair && (
        <div className="compare-notes">
          <p data-testid="compare-link-text">
            {pair.linkText.map((t) => (
              <span key={t} className="compare-link-line">
                {t}
              </span>
            ))}
          </p>
          {pair.unitsText && <p data-testid="compare-units">{pair.unitsText}</p>}
          <details data-testid="compare-code">
            <summary>Code (xarray)</summary>
            <pre>
              {compareCode({
                urlA: dsA.location,
                urlB: dsB.location,
                varA: varA.path,
                varB: varB.path,
                selA,
                pair,
                method,
                sameGrid: gridsMatch(pair),
                formatA: dsA.model.format,
                formatB: dsB.model.format,
              })}
            </pre>
          </details>
          {pair.problem && (
            <p className="warning" role="status" data-testid="compare-problem">
              {pair.problem}
            </p>
          )}
        </div>
      )}
      {plots && mode === 'side' && !pair?.cellsA && (
        <div className="compare-side">
          <LinkedPlot group={group} {...plots.a} label={`A: ${varA.path}`} testId="compare-a" onPoint={onPoint} />
          {plots.b && (
            <LinkedPlot
              group={pair && drawnAlone(pair) ? alone : group}
              {...plots.b}
              label={`B: ${varB.path}`}
              testId="compare-b"
              onPoint={pair && drawnAlone(pair) ? undefined : onPoint}
            />
          )}
        </div>
      )}
      {cellsB && <CompareMap ds={dsA} sides={cellsB} range={options.range ?? sideRange} options={options} />}
      {diffMap && diff && (
        <CompareMap
          ds={dsA}
          sides={diffMap}
          range={symmetricRange(diff.grid.values)}
          options={{ ...options, colormap: 'rdbu', invert: true }}
        />
      )}
      {mapSides && mode !== 'diff' && <CompareMap ds={dsA} sides={mapSides} range={options.range} options={options} />}
      {pair && !mapSides && mode === 'map' && (
        <p className="muted" data-testid="compare-map-none">
          The map needs latitude and longitude on the plotted axes of A and B.
        </p>
      )}
      {mode === 'diff' && state.diffError !== null && (
        <ErrorMessage error={state.diffError} title="The difference is not computed" />
      )}
      {plots?.d && diff && mode === 'diff' && !pair?.cellsA && (
        <div className="compare-side">
          <LinkedPlot group={group} {...plots.a} label={`A: ${varA.path}`} testId="compare-a" onPoint={onPoint} />
          <LinkedPlot group={group} {...plots.d} label="A − B" testId="compare-diff" onPoint={onPoint} />
        </div>
      )}
      {diff && mode === 'diff' && (
        <section role="region" aria-label="Difference" className="compare-summary" data-testid="compare-summary">
          <p data-testid="compare-regrid-label">{diff.label}</p>
          <ul>
            {diff.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {point && pair && mode !== 'meta' && (
        <CompareSeries
          key={`${point.yi},${point.xi}|${selA.join()}|${link}|${varB.path}`}
          dsA={dsA}
          varA={varA}
          selA={selA}
          x={x}
          y={y}
          dsB={dsB}
          varB={varB}
          link={link}
          point={point}
          onClose={() => setPoint(null)}
        />
      )}
    </div>
  );
}
