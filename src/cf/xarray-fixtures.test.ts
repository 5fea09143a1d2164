/**
 * Our CF decoding (xarray mode) of the raw values of the Zarr fixtures equals what xarray decodes them to
 * (fixtures/cf/<name>.xarray-decoded.json, written by scripts/cf/dump-xarray-decoded.py).
 * Raw values come from the zarr-python dump fixtures/expected/<name>.values.json when it has the variable,
 * otherwise from the chunks (zarrita).
 */
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import type { Variable } from '../model/types';
import { describeAxes, findVariable, timeCoderFor } from './coordinates';
import { decodeData, planDecoding } from './decode';
import { FIXTURES, loadReferences, modelOf, rawFromDump, rootOf, type ReferenceBase } from './testing/fixtures';
import { readRaw, readVariable } from './testing/zarr-v2';

interface Reference extends ReferenceBase {
  variables: Record<
    string,
    {
      kind: 'numeric' | 'time';
      dtype: string;
      values: (number | string | boolean | null)[];
      coords?: string[];
      bounds?: string;
    }
  >;
}

// References for the shared fixtures (fixtures/cf) and for our own small xarray datasets (fixtures/cf/xarray).
const references = loadReferences<Reference>(
  [join(FIXTURES, 'cf'), join(FIXTURES, 'cf', 'xarray')],
  '.xarray-decoded.json',
);

let fromDump = 0;

/**
 * Compares one variable. `model` given: its variable as the project's reader types it; otherwise a variable
 * made straight from the Zarr JSON (independent of that reader).
 */
async function compareVariable(
  ref: Reference,
  path: string,
  model?: Awaited<ReturnType<typeof modelOf>>,
): Promise<string[]> {
  const expected = ref.variables[path]!;
  const root = rootOf(ref);
  const own = readVariable(root, path.slice(1));
  const variable: Variable | null | undefined = model ? findVariable(model, path) : own;
  if (!variable) return [`${path}: no Zarr v2 array`];
  const dumped = rawFromDump(ref, path, own?.dtype ?? variable.dtype);
  if (dumped) fromDump++;
  const raw = dumped ?? (await readRaw(root, path.slice(1)));
  const plan = planDecoding(variable, { mode: 'xarray', defaultFill: 'zarr' });
  const { values } = decodeData(raw, plan);
  const errors: string[] = [];
  if (values.length !== expected.values.length) return [`${path}: ${values.length} values ≠ ${expected.values.length}`];
  if (expected.kind === 'time') {
    const coder = timeCoderFor(variable);
    if (!coder) return [`${path}: not recognised as a time variable`];
    expected.values.forEach((e, i) => {
      const v = values[i] ?? NaN;
      const got = Number.isNaN(v) ? null : coder.format(v);
      if (got !== e) errors.push(`${path}[${i}]: ${got} ≠ ${String(e)}`);
    });
  } else {
    if (expected.dtype !== 'bool' && plan.resultType !== expected.dtype)
      errors.push(`${path}: ${plan.resultType} ≠ ${expected.dtype}`);
    expected.values.forEach((e, i) => {
      const v = values[i] ?? NaN;
      const want = e === 'NaN' ? NaN : typeof e === 'boolean' ? Number(e) : Number(e);
      if (!Object.is(v, want) && !(v === 0 && want === 0)) errors.push(`${path}[${i}]: ${v} ≠ ${String(e)}`);
    });
  }
  return errors.slice(0, 10);
}

describe('CF decoding equals xarray on the Zarr fixtures', () => {
  it('has xarray references for every calendar', () => {
    expect(references.length).toBeGreaterThanOrEqual(6);
  });
  const withDump = references.find((r) => r.rawValues);
  it('reads raw values from the zarr-python dumps where listed', async () => {
    expect(withDump, 'a reference with a zarr-python dump').toBeDefined();
    const ref = withDump!;
    fromDump = 0;
    await compareVariable(ref, Object.keys(ref.variables)[0]!);
    expect(fromDump).toBe(1);
  });
  for (const ref of references) {
    // The datasets are committed: an absent one fails here.
    test(`${ref.name}: ${Object.keys(ref.variables).length} variables (metadata from the Zarr JSON)`, async () => {
      const errors: string[] = [];
      for (const path of Object.keys(ref.variables)) errors.push(...(await compareVariable(ref, path)));
      expect(errors).toEqual([]);
    });
    it(`${ref.name}: same with the model from readDataset`, async () => {
      const model = await modelOf(ref);
      const errors: string[] = [];
      for (const path of Object.keys(ref.variables)) errors.push(...(await compareVariable(ref, path, model)));
      expect(errors).toEqual([]);
    });
    it(`${ref.name}: coordinates and bounds as xarray sees them`, async () => {
      const model = await modelOf(ref);
      const errors: string[] = [];
      for (const [path, v] of Object.entries(ref.variables)) {
        const variable = findVariable(model, path);
        if (!variable) continue;
        const axes = describeAxes(model, variable);
        if (v.coords) {
          const names = new Set<string>();
          for (const a of axes) {
            if (a.coordinate) names.add(a.coordinate.name);
            for (const x of a.auxiliary) names.add(x.variable.name);
          }
          const got = [...names].sort();
          if (got.join() !== v.coords.join()) errors.push(`${path} coords: ${got.join()} ≠ ${v.coords.join()}`);
        }
        if (v.bounds !== undefined && axes[0]?.bounds?.name !== v.bounds) {
          errors.push(`${path} bounds: ${axes[0]?.bounds?.name} ≠ ${v.bounds}`);
        }
      }
      expect(errors).toEqual([]);
    });
  }
});
