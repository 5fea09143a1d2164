/**
 * The view kinds of the display, in order of preference: `auto` shows the first that applies. A new view kind is
 * one file in this folder exporting a `ViewDef` (see `app/display/view-kind.ts`) and one line below.
 */
import type { ViewRegistry } from '../display/view-kind';
import { heatmapView } from './heatmap';
import { histogramView } from './histogram';
import { lineView } from './line';
import { mapView } from './map';
import { matrixView } from './matrix';

export const VIEWS: ViewRegistry = {
  views: [heatmapView, mapView, lineView, matrixView, histogramView],
  fallback: matrixView,
};
