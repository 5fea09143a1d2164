/**
 * The series pane: a click on a cell reads the variable along the slider dimension there. It is a panel beside the
 * view, not a view kind; `display/on-demand.tsx` loads `SeriesPanel.tsx` itself on the first click (so that its
 * chunk is its own and keeps its name).
 */
export { SeriesPanel } from './SeriesPanel';
