/**
 * A − B of two versions of one Icechunk repository (fixtures/icechunk, spec versions 1 and 2), each opened as the
 * app opens a version (the location's version keys, `withVersion`, over a local folder), against numpy's
 * subtraction of the values the official Icechunk library read back (fixtures/compare/expected/snapshots.json,
 * scripts/fixtures/make-compare-snapshots.py): tag v1 − main's tip (a deleted chunk masked in B only), the
 * snapshot before v1 − v1 (the 0.5 K correction), main's tip (K) − dev's tip (degC, converted as libudunits2
 * converts), and v1 against the snapshot id it names (no difference).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersionRef } from '../formats/icechunk/index';
import { ICECHUNK } from '../formats/icechunk/testing';
import { openDataset } from '../open';
import { withVersion } from '../opening/open-icechunk';
import { openStoreNode } from '../opening/open-store-node';
import { createDataContext } from '../data';
import { difference, differenceText } from './difference';
import { convertValues, unitsForDifference } from './units';
import { expected, fromJson, readDecoded } from './testing/fixtures';
import { expectSummary, type NumpySummary } from './testing/summary';

interface Version {
  readonly kind: VersionRef['kind'];
  readonly name: string;
  readonly snapshot: string;
  readonly units: string;
  readonly times: number;
}
interface Pair {
  readonly name: string;
  readonly a: Version;
  readonly b: Version;
  readonly conversion: { have: string; want: string; slope: number; offset: number; udunits2: string } | null;
  readonly dtype: 'float32' | 'float64';
  readonly shape: number[];
  readonly difference: (number | null)[];
  readonly summary: NumpySummary;
}

const want = expected<{ repositories: Record<string, { pairs: Pair[] }> }>('snapshots.json');
const context = createDataContext({ workers: false });

/** The repository at one version, opened as the app reopens a location at a version from its history. */
async function openVersion(spec: string, v: Version) {
  const location = withVersion(path.join(ICECHUNK, spec), { kind: v.kind, name: v.name });
  const ds = await openDataset({ kind: 'local', path: location }, { openStore: openStoreNode, context });
  expect(ds.model.repository?.snapshot.id, location).toBe(v.snapshot);
  return ds;
}

/** Both versions' temp over the times both have, B in A's units, and A − B as the comparison view computes it. */
async function compare(spec: string, pair: Pair) {
  const [dsA, dsB] = await Promise.all([openVersion(spec, pair.a), openVersion(spec, pair.b)]);
  const a = await readDecoded(dsA, '/temp', [{ start: 0, stop: pair.a.times }, null, null]);
  const b = await readDecoded(dsB, '/temp', [{ start: 0, stop: pair.b.times }, null, null]);
  expect([a.units, b.units]).toEqual([pair.a.units, pair.b.units]);
  const { conversion, note } = unitsForDifference(a.units, b.units);
  expect(note).toBeNull();
  const onA = convertValues(b.values, conversion);
  // The stored bytes say "no difference" only when B's values are used as stored (no conversion).
  const raw = conversion.identity ? b.raw : undefined;
  const d = difference({ values: a.values, mask: a.mask, raw: a.raw }, { values: onA, raw }, a.shape);
  return { a, b, conversion, d };
}

for (const [spec, { pairs }] of Object.entries(want.repositories))
  describe(`same-grid difference of two versions of Icechunk ${spec}`, () => {
    for (const pair of pairs)
      it(`${pair.name}: every cell as numpy subtracts (${pair.dtype}), and numpy's summary`, async () => {
        const { conversion, d } = await compare(spec, pair);
        expect(d.shape).toEqual(pair.shape);
        expect(d.values).toBeInstanceOf(pair.dtype === 'float32' ? Float32Array : Float64Array);
        const numpy = fromJson(pair.difference);
        const bad = Array.from(numpy).flatMap((x, i) =>
          Object.is(d.values[i], x) ? [] : [`${i}: ${d.values[i]} ≠ ${x}`],
        );
        expect(bad).toEqual([]);
        expectSummary(d.summary, pair.summary);
        if (pair.conversion === null) expect(conversion.identity).toBe(true);
        else {
          // B's units are converted as libudunits2 converts them (its slope and offset, at full precision).
          expect([conversion.from, conversion.to]).toEqual([pair.conversion.have, pair.conversion.want]);
          expect([conversion.scale, conversion.offset]).toEqual([pair.conversion.slope, pair.conversion.offset]);
          expect(pair.conversion.udunits2).toBe('x/K = (x/degC) + 273.15');
          expect(conversion.text).toBe('degC → K: x + 273.15');
        }
      });

    it('v1 − main: main’s deleted chunk 0/1/0 is masked in B only, every other cell the same', async () => {
      const pair = pairs.find((p) => p.name === 'v1 - main')!;
      const { d } = await compare(spec, pair);
      expect(d.summary).toMatchObject({ identity: 'different', maskedOnlyB: 8, maskedOnlyA: 0, maxAbs: 0, mean: 0 });
      expect(differenceText(d.summary, { units: 'K' })).toEqual([
        'Mean A − B: 0 K',
        'RMSE: 0 K',
        'Largest |A − B|: 0 K at [0, 0, 0]',
        'Cells compared: 56; masked only in A: 0, only in B: 8, in both: 0',
      ]);
    });

    it('c2 − v1: the correction of v1 (time 1, latitudes 0–2, +0.5 K) and nothing else', async () => {
      const pair = pairs.find((p) => p.name === 'c2 - v1')!;
      const { d } = await compare(spec, pair);
      const changed = Array.from(d.values).flatMap((x, i) =>
        x === 0 ? [] : [[Math.floor(i / 32), Math.floor(i / 8) % 4, x]],
      );
      expect(changed).toEqual(Array.from({ length: 24 }, (_, k) => [1, Math.floor(k / 8), -0.5]));
    });

    it('main − dev: degC converted to K, so A − B is float32 rounding only; refused without units', async () => {
      const pair = pairs.find((p) => p.name === 'main - dev')!;
      const { d } = await compare(spec, pair);
      expect(d.summary.maxAbs).toBeLessThan(1e-6);
      expect(d.summary.maskedOnlyA).toBe(8); // main deleted chunk 0/1/0; dev branched before that
      // Kelvin against a unit of another quantity is refused, not subtracted.
      expect(() => unitsForDifference('K', 'kg m-2')).toThrow(/measure different quantities/);
    });

    it('v1 against the snapshot id it names: the same stored bytes, "no difference"', async () => {
      const pair = pairs.find((p) => p.name === 'v1 - v1 id')!;
      expect(pair.a.snapshot).toBe(pair.b.snapshot);
      const { a, b, d } = await compare(spec, pair);
      expect(d.summary).toMatchObject({ identity: 'byte-identical', count: 64, maxAbs: 0, mean: 0 });
      expect(differenceText(d.summary)).toEqual(['No difference: the stored bytes are identical.']);
      // Without the raw slices (values only), the verdict is value-identical: still "no difference".
      const values = difference({ values: a.values }, { values: b.values }, a.shape).summary;
      expect(values.identity).toBe('value-identical');
      expect(differenceText(values)[0]).toMatch(/^No difference/);
    });
  });
