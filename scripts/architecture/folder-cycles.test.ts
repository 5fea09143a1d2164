import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importsOf } from './imports';

const ROOT = join(import.meta.dirname, '..', '..');

describe('folder imports', () => {
  it('finds cycles, and only cycles', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    g.set('c', new Set(['d']));
    expect(cycles(g)).toEqual([]);
  });

  it('reads static, dynamic, side-effect and re-export imports', () => {
    const text = `import a from './a';\nimport type { B } from "../b";\nexport { c } from './c/x';\nconst d = await import('./d');\nimport './e.css';\nx.import('no');`;
    expect(importsOf(text).sort()).toEqual(['../b', './a', './c/x', './d', './e.css']);
  });

  it('has no import cycle between folders of src/ and app/', () => {
    const graph = folderGraph(ROOT, ['src', 'app']);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });
});
