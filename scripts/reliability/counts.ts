/**
 * Reliability counters: every hostile-input suite writes what it tried and what went wrong to
 * `test-results/reliability/<suite>.json`; `report.mjs` merges those files into RELIABILITY.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SuiteCounts {
  /** Short name of the suite, also the file name. */
  suite: string;
  /** What the suite does, one line. */
  what: string;
  /** Cases (inputs, faults, payloads) tried. */
  cases: number;
  /** Untyped exceptions (TypeError, RangeError…) or unexpected results. */
  crashes: number;
  /** Cases over their time budget. */
  hangs: number;
  /** Network faults injected, and how many of them the code survived (clear error or right values). */
  faultsInjected?: number;
  faultsSurvived?: number;
  /** Script payloads tried, and how many of them executed. */
  payloadsTried?: number;
  payloadsExecuted?: number;
  /** Metadata fuzz blast radius: nodes the mutated documents do not describe, summed over cases, and how many were still shown. */
  nodesUntouched?: number;
  nodesSurvived?: number;
  /** Nodes the unmutated fixtures' files name (folders with `.zarray`/`.zgroup`/`zarr.json`), and how many of them the model lacks. */
  nodesNamed?: number;
  nodesNamedMissing?: number;
  /** Anything worth a line in the report (e.g. case counts per mutation kind). */
  notes?: string;
}

/** Writes `counts` to test-results/reliability/<suite>.json (overwriting the previous run's). */
export function writeCounts(counts: SuiteCounts): void {
  const dir = path.join(REPO_ROOT, 'test-results', 'reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${counts.suite}.json`),
    `${JSON.stringify({ ...counts, date: new Date().toISOString() }, null, 1)}\n`,
  );
}
