/**
 * The part of the UI's seam to `src/` (see core.ts) for a dropped folder or zip browsed as a place: imported only by
 * app/browse's modules that load on first use, so that the tree lister is not in the page's first script.
 */
export { createTreeLister } from '../src/listing/tree-lister';
export { droppedSourceAt, treeIsPlace, treeOfFiles } from '../src/listing/tree';
export { readZipTree } from '../src/listing/tree-zip';
