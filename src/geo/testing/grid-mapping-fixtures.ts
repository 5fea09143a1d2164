/**
 * Test helper: the grid-mapping fixtures (fixtures/grid-mappings, written by scripts/fixtures/make-grid-mappings.py)
 * and pyproj's expected positions for them (`expected.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'grid-mappings');

/** One sampled cell (or cell corner): its row, column, x, y, and pyproj's longitude/latitude (null: no earth). */
export interface Cell {
  row: number;
  col: number;
  x: number;
  y: number;
  lon: number | null;
  lat: number | null;
}

export interface Fixture {
  mapping: string;
  x?: string;
  y?: string;
  units?: string;
  cells?: Cell[];
  corners?: Cell[];
  malformed?: boolean;
}

export const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
  fixtures: Record<string, Fixture>;
};
