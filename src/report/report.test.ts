/**
 * The dataset report on committed fixtures (fixtures/report/, written by scripts/fixtures/make-report.py with
 * zarr-python, xarray and netcdf-c): the warnings and errors are exactly the defects the script planted
 * (expected.json), a clean store has none, and units verdicts agree with Debian udunits2.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../cli/main';
import { report as runReport } from '../cli/report';
import { capture } from '../cli/testing/capture';
import { readDataset } from '../model/read-dataset';
import { openStoreNode } from '../opening/open-store-node';
import { allFindings, buildReport, loadStandardNames, unitsParse } from './index';
import { closestStandardName } from './standard-names';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const FX = path.join(ROOT, 'fixtures/report');
const expected = JSON.parse(readFileSync(path.join(FX, 'expected.json'), 'utf8')) as {
  findings: Record<string, Record<string, Record<string, string>>>;
};
const verdicts = JSON.parse(readFileSync(path.join(FX, 'units-udunits2.json'), 'utf8')) as {
  units: Record<string, boolean>;
};
const folder = (name: string) => path.join(FX, name === 'nczarr-broken' ? `${name}.file` : `${name}.zarr`);

afterEach(() => vi.restoreAllMocks());

describe('units parse as udunits2 says', () => {
  const cases = Object.entries(verdicts.units).filter(([u]) => !/\bsince\b/.test(u));
  it.each(cases)('%s', (units, ok) => {
    expect(unitsParse(units)).toBe(ok);
  });
});

describe('standard name table', () => {
  it('knows CF names and suggests the nearest for a typo', async () => {
    const t = await loadStandardNames();
    expect(t.units.get('air_temperature')).toBe('K');
    expect(t.units.size).toBeGreaterThan(4000);
    expect(closestStandardName('air_temprature', t)).toBe('air_temperature');
    expect(closestStandardName('completely_made_up_quantity_name', t)).toBeUndefined();
  });
});

describe.each(Object.keys(expected.findings))('report of %s', (name) => {
  it('has exactly the planted warnings and errors', async () => {
    const source = { kind: 'local' as const, path: folder(name) };
    const opened = await openStoreNode(source, {});
    const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
    const r = buildReport(ds, { standardNames: await loadStandardNames() });
    const got = allFindings(r).map((f) => `${f.path} ${f.code} ${f.severity}`);
    const want = Object.entries(expected.findings[name] ?? {}).flatMap(([p, codes]) =>
      Object.entries(codes).map(([c, s]) => `${p} ${c} ${s}`),
    );
    expect(got.filter((g) => !g.endsWith(' info')).sort()).toEqual(want.filter((w) => !w.endsWith(' info')).sort());
    for (const w of want.filter((x) => x.endsWith(' info'))) expect(got).toContain(w);
    for (const f of allFindings(r)) {
      expect(f.message.length).toBeGreaterThan(10);
      expect(f.advice.length).toBeGreaterThan(5);
    }
    expect(r.counts.error).toBe(want.filter((w) => w.endsWith(' error')).length);
  });
});

describe('zarrview report', () => {
  it('exits 0 on a clean store and 1 when a finding is an error', async () => {
    const c = capture();
    expect(await main(['report', folder('clean')])).toBe(0);
    expect(c.out.join('')).toMatch(/^Report for clean\n/);
    expect(c.out.join('')).toMatch(/0 errors, 0 warnings/);
    expect(await main(['report', folder('bad-chunks')])).toBe(1);
    expect(c.out.join('')).toMatch(/ERROR \[time-units-invalid\]/);
    expect(await main(['report'])).toBe(2);
  });

  it('prints the consolidation cost and chunk facts', async () => {
    const r = await runReport({ location: folder('bad-chunks'), timeoutMs: undefined });
    expect(r.text).toMatch(/Opening reads about \d+ metadata objects in \d+ sequential round trips/);
    expect(r.text).toMatch(/Chunks per slice +2,592 for one lat × lon slice/);
    expect(r.exitCode).toBe(1);
  });
});

describe('every reference fixture', () => {
  const index = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/index.json'), 'utf8')) as {
    datasets: { name: string; path: string }[];
  };
  it.each(index.datasets.map((d) => [d.name, d.path] as const))('%s gets a report', async (_name, p) => {
    const opened = await openStoreNode({ kind: 'local', path: path.join(ROOT, p) }, {});
    const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
    const r = buildReport(ds, { standardNames: await loadStandardNames() });
    expect(r.variables.length).toBeGreaterThan(0);
    for (const f of allFindings(r)) expect(['error', 'warning', 'info']).toContain(f.severity);
  });
});
