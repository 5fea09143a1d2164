/**
 * The import graph of the sources, folder by folder: which folder imports which (relative imports only; packages
 * are not folders of ours), and the cycles in it (strongly connected components of more than one folder).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[^.\w])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : sourceFiles(p);
    // Tests are leaves (nothing imports them): a test may use any layer without making a cycle.
    return SOURCE.test(e.name) && !/\.d\.ts$|\.(test|spec)\.[a-z]+$/.test(e.name) ? [p] : [];
  });
}

/** Module specifiers a source text imports (static, dynamic and side-effect imports, and re-exports). */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2] ?? m[3]) as string);
  return out;
}

/**
 * Folder → folders it imports from (paths relative to `root`, `/`-separated), over the files under `dirs`. The
 * files at the top of each of `dirs` (entry points and seams such as `src/open.ts`, `app/core.ts`) are nodes of
 * their own: the whole layer rests on them, so as one folder they would make every sub-folder a cycle.
 */
export function folderGraph(root: string, dirs: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const tops = new Set(dirs.map((d) => posix.normalize(d)));
  const node = (path: string) =>
    tops.has(posix.dirname(path)) ? path.replace(/\.(ts|tsx|mts|js|mjs)$/, '') : posix.dirname(path);
  for (const d of dirs) {
    for (const file of sourceFiles(join(root, d))) {
      const path = relative(root, file).split(sep).join('/');
      const from = node(path);
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const to = node(posix.normalize(posix.join(posix.dirname(path), spec)).replace(/\.(ts|tsx|mts|js|mjs)$/, ''));
        if (to !== from) edges.add(to);
      }
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components with more than one node (Tarjan), sorted. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
