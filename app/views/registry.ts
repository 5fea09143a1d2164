/**
 * The view kinds of the display, in order of preference: `auto` shows the first that applies. A new view kind is
 * one folder here (`views/<kind>/`, its `index.tsx` exporting a `ViewDef`, see `shared/view-kind.ts`) and one line
 * below. What several views use (slice frame, plot data, axes, export bar, frame tags, value labels) is in
 * `shared/`; the display shell around the view (dimension mapper, toolbar, slice view) is `app/display/`.
 */
import type { ViewRegistry } from './shared/view-kind';
import { heatmapView } from './heatmap';
import { histogramView } from './histogram';
import { lineView } from './line';
import { mapView } from './map';
import { matrixView } from './matrix';

export const VIEWS: ViewRegistry = {
  views: [heatmapView, mapView, lineView, matrixView, histogramView],
  fallback: matrixView,
};
