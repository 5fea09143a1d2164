/**
 * The CF standard name table (names, canonical units, aliases), generated from the table's XML by
 * `scripts/fixtures/make-report.py`. It is ~380 KB of JSON, so it is imported on demand.
 */
import type { StandardNameTable } from './types';

/** Standard name modifiers (CF Appendix C): `air_temperature standard_error`. */
export const MODIFIERS = new Set(['detection_minimum', 'number_of_observations', 'standard_error', 'status_flag']);

let loading: Promise<StandardNameTable> | undefined;

/** Loads the table once per process. */
export function loadStandardNames(): Promise<StandardNameTable> {
  loading ??= import('./tables/cf-standard-names.json').then((m) => {
    const t = (m as { default: { version: string; names: string[][]; aliases: string[][] } }).default;
    return {
      version: t.version,
      units: new Map(t.names.map(([n, u]) => [n ?? '', u ?? ''])),
      aliases: new Map(t.aliases.map(([a, n]) => [a ?? '', n ?? ''])),
    };
  });
  return loading;
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/** The closest standard name within 3 edits (a likely typo), or undefined. */
export function closestStandardName(name: string, table: StandardNameTable): string | undefined {
  let best: string | undefined;
  let bestD = 4;
  for (const n of table.units.keys()) {
    const d = editDistance(name, n, bestD - 1);
    if (d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return best;
}
