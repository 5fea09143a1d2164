/** The dataset report of a netCDF-3 file: its format, and no advice about consolidating a file's header. */
import { describe, expect, it } from 'vitest';
import { readDataset } from '../../model/index';
import { buildReport } from '../../report/index';
import { openStoreNode } from '../../opening/open-store-node';
import { fixturePath } from './testing/fixtures';

describe('report of a netCDF-3 file', () => {
  for (const [rel, words] of [
    ['classic/example_good.nc', 'netCDF-3 classic (CDF-1) file'],
    ['64bit/example_good.nc', 'netCDF-3 64-bit offset (CDF-2) file'],
    ['cdf5/example_good.nc', 'netCDF-3 64-bit data (CDF-5) file'],
  ] as const) {
    it(rel, async () => {
      const opened = await openStoreNode({ kind: 'local', path: fixturePath(rel) });
      const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
      const report = buildReport(ds, { standardNames: null });
      expect(report.facts.find((f) => f.label === 'Dialect')?.value).toBe(`${words}, read in place by byte range`);
      expect(report.facts.some((f) => f.label === 'Consolidated')).toBe(false);
      expect(report.findings.filter((f) => f.code === 'not-consolidated')).toEqual([]);
    });
  }
});
