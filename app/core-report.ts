/**
 * The part of the UI's seam to `src/` (see core.ts) for the dataset report (src/report): imported on first use by
 * the Report tab, so that the checks are not in the page's first script.
 */
export { buildReport, loadStandardNames } from '../src/report';
