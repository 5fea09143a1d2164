// Types of scripts/bench-report.mjs for TypeScript callers (its test).
export interface PendingRow {
  name: string;
  unit: string;
  target: number;
  cmp: string;
  after?: string;
  detail?: string;
}
export const PENDING: PendingRow[];
export interface BenchResult {
  name: string;
  value?: number;
  unit: string;
  target: number;
  met?: boolean;
  baseline?: string;
  /** Why the run could not measure this row (it keeps its earlier value). */
  notMeasured?: string;
}
export function recordRun(
  root: string,
  run: {
    when: string;
    machine: string;
    load: [number, number] | number[] | null;
    results: BenchResult[];
    notes?: string[];
  },
): Promise<string>;
export function renderReport(root: string): Promise<void>;
export function runAnchor(when: string): string;
export function cmpOf(
  row: { name: string; value?: number | null; target: number; met?: boolean | null; cmp?: string },
  previous?: { cmp?: string },
): string;
export const ABOUT: string;
