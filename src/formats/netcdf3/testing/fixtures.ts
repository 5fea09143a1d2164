/** The netCDF-3 fixtures (fixtures/netcdf3/index.json, written by scripts/fixtures/make-netcdf3.sh), for tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const NETCDF3_FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/netcdf3');

export type OutputKind = 'h' | 'full' | 'hs';

export interface Netcdf3Fixture {
  /** Relative to NETCDF3_FIXTURES, e.g. `classic/c0.nc`. */
  readonly path: string;
  readonly format: 'classic' | '64bit' | 'cdf5';
  readonly source: string;
  readonly writer: string;
  readonly expected: Readonly<Record<OutputKind, string>>;
  /** ncdump's first error line, for the outputs where it failed (its stdout up to there is the expected file). */
  readonly ncdump_errors: Partial<Readonly<Record<OutputKind, string>>>;
  readonly values: string;
}

export interface Netcdf3Values {
  readonly arrays: Readonly<Record<string, { dtype: string; shape: number[]; values: (number | string)[] }>>;
}

/** Every fixture of the index. */
export function netcdf3Fixtures(): Netcdf3Fixture[] {
  const index = JSON.parse(readFileSync(path.join(NETCDF3_FIXTURES, 'index.json'), 'utf8')) as {
    files: Netcdf3Fixture[];
  };
  return index.files;
}

/** A fixture file's absolute path. */
export const fixturePath = (rel: string) => path.join(NETCDF3_FIXTURES, rel);
