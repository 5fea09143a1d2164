import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const NODE_ONLY = ['aws-env.ts', 'aws-ini.ts', 'node-folder-store.ts', 'open-store-node.ts'];

/** Every module reachable by relative imports from `entry`. */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const src = readFileSync(entry, 'utf8');
  // Static imports, and dynamic ones (the file formats load that way).
  for (const m of src.matchAll(/(?:(?:import|export)[^'"]*?from\s+|import\()'(\.[^']+)'/g)) {
    const target = path.resolve(path.dirname(entry), m[1]!);
    reachable(target.endsWith('.ts') ? target : `${target}.ts`, seen);
  }
  return seen;
}

describe('browser-safe modules', () => {
  it('nothing reachable from src/store/index.ts, src/url/index.ts or src/opening/open-store.ts imports node: or a Node-only module', () => {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const files = new Set([
      ...reachable(path.join(here, 'index.ts')),
      ...reachable(path.join(here, '../url/index.ts')),
      ...reachable(path.join(here, '../opening/open-store.ts')),
    ]);
    expect(files.size).toBeGreaterThan(15);
    for (const f of files) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/from\s+'node:/);
      expect(NODE_ONLY.includes(path.basename(f)), f).toBe(false);
      expect(f, f).not.toMatch(/[/\\]testing[/\\]/);
    }
  });
});
