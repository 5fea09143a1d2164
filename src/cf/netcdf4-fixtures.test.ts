/**
 * `cf` mode on real NCZarr / Zarr fixtures equals netCDF4-python's auto mask/scale
 * (fixtures/cf/<name>.netcdf4-decoded.json, written by scripts/cf/dump-netcdf4-decoded.py), with the model
 * from the project's reader and the default-fill policy `netcdf`.
 */
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { findVariable } from './coordinates';
import { decodeData, planDecoding } from './decode';
import { FIXTURES, loadReferences, modelOf, rawFromDump, rootOf, type ReferenceBase } from './testing/fixtures';
import { readRaw } from './testing/zarr-v2';

interface Reference extends ReferenceBase {
  variables: Record<string, { dtype: string; values: (number | string | null)[] }>;
}

const references = loadReferences<Reference>([join(FIXTURES, 'cf')], '.netcdf4-decoded.json');

describe('cf mode equals netCDF4-python on the fixtures', () => {
  it('has netCDF4-python references', () => {
    expect(references.length).toBeGreaterThanOrEqual(3);
  });
  for (const ref of references) {
    // The datasets are committed: an absent one fails here.
    test(`${ref.name}: ${Object.keys(ref.variables).length} variables`, async () => {
      const model = await modelOf(ref);
      const errors: string[] = [];
      for (const [path, expected] of Object.entries(ref.variables)) {
        const variable = findVariable(model, path);
        if (!variable) {
          errors.push(`${path}: not in the model`);
          continue;
        }
        const raw = rawFromDump(ref, path, variable.dtype) ?? (await readRaw(rootOf(ref), variable.zarr.key));
        const plan = planDecoding(variable, { mode: 'cf', defaultFill: 'netcdf' });
        const { values, mask } = decodeData(raw, plan);
        if (plan.resultType !== expected.dtype) errors.push(`${path}: ${plan.resultType} ≠ ${expected.dtype}`);
        expected.values.forEach((e, i) => {
          const got = mask[i] ? null : (values[i] ?? NaN);
          const want = e === null ? null : Number(e);
          const same = got === null || want === null ? got === want : Object.is(got, want) || got === want;
          if (!same && errors.length < 12) errors.push(`${path}[${i}]: ${got} ≠ ${e}`);
        });
      }
      expect(errors).toEqual([]);
    });
  }
});
