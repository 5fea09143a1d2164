/**
 * The part of the UI's seam to `src/` (see core.ts) for the Code panel: the xarray, zarr-python and command-line
 * snippets that reproduce a view. Imported only by the panel, which loads on first use, so that the snippet writers
 * are not in the page's first script.
 */
export { codeForView, type CodeSnippets } from '../src/code/snippets';
export { joinDescriptionOf } from '../src/aggregate/described';
