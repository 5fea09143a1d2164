/**
 * What xarray's open_mfdataset makes of each set in fixtures/aggregate (expected.json, written by
 * scripts/fixtures/make-aggregate.py): the members in order, the ones left out, the join, the joined dimensions and
 * variables and values at a point. Read by the unit tests and the end-to-end join spec.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AggregateExpected {
  members: string[];
  left_out: string[];
  join: { dimension: string; kind: string };
  dims: Record<string, { size: number; unlimited: boolean }>;
  variables: Record<string, { dims: string[]; type: string }>;
  /** null where xarray reads a missing value. */
  values: Record<string, (number | null)[]>;
}

/** The fixtures folder. */
export const AGGREGATE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/aggregate');

/** expected.json, by set name ('daily', 'mixed', 'goes', …). */
export const AGGREGATE_EXPECTED = JSON.parse(readFileSync(path.join(AGGREGATE_DIR, 'expected.json'), 'utf8')) as Record<
  string,
  AggregateExpected
>;
