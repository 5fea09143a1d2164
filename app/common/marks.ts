/**
 * User Timing marks (`zv:…`) along the paths the benchmark times: a slice's load, plotly's draws, the heatmap's
 * pictures, a tiled region's read. They show in the browser's Performance panel and in
 * `BENCH_DEBUG=1 npm run bench`. Marks stay in the page's timeline until cleared: past `LIMIT` of ours, the oldest
 * names are cleared, so a long session does not keep them all.
 */
const LIMIT = 2000;
let count = 0;

/** Leaves the mark `zv:<name>`. */
export function mark(name: string): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(`zv:${name}`);
  if (++count <= LIMIT) return;
  const ours = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('zv:'));
  for (const m of new Set(ours.slice(0, ours.length - LIMIT / 2).map((e) => e.name))) performance.clearMarks(m);
  count = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('zv:')).length;
}
