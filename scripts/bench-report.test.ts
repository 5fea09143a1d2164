// The bench report with rows a run could not measure, and pending rows placed beside the row they belong with.
import { mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cmpOf, PENDING, recordRun } from './bench-report.mjs';

interface Row {
  name: string;
  value: number | null;
  detail?: string;
  remark?: string;
  run: unknown;
}

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function setUp(rows: unknown[]): void {
  root = mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  mkdirSync(path.join(root, 'benchmarks'));
  writeFileSync(path.join(root, 'benchmarks', 'current.json'), JSON.stringify({ rows }));
}

const current = (): Row[] => JSON.parse(readFileSync(path.join(root, 'benchmarks', 'current.json'), 'utf8')).rows;

describe('bench report', () => {
  it('keeps the earlier value of a row not measured, and says why', async () => {
    const run = { when: '2026-11-20 10:00', load: [1, 1] };
    setUp([{ name: 'first-heatmap-vs-network', value: 2.07, unit: 'ratio', target: 1.5, cmp: '≤', met: false, run }]);
    await recordRun(root, {
      when: '2026-11-27 12:00',
      machine: '2 cores',
      load: [1, 2],
      results: [
        { name: 'first-heatmap-vs-network', unit: 'ratio', target: 1.5, notMeasured: 'HTTP/1.1: no picture' },
        { name: 'zoom-refine-vs-network', unit: 'ratio', target: 1.5, notMeasured: 'HTTP/1.1: no pyramid display' },
        { name: 'slider-step-vs-network', value: 0.3, unit: 'ratio', target: 0.5, met: true, baseline: 'b' },
      ],
    });
    const rows = current();
    const heat = rows.find((r) => r.name === 'first-heatmap-vs-network')!;
    expect(heat.value).toBe(2.07);
    expect(heat.run).toEqual(run);
    expect(heat.remark).toBe('Not measured at 2026-11-27 12:00: HTTP/1.1: no picture');
    const zoom = rows.find((r) => r.name === 'zoom-refine-vs-network')!;
    expect(zoom.value).toBeNull();
    expect(zoom.run).toBeNull();
    expect(zoom.detail).toBe('not measured at 2026-11-27 12:00: HTTP/1.1: no pyramid display');
    expect(rows.find((r) => r.name === 'slider-step-vs-network')!.value).toBe(0.3);
    const history = readFileSync(path.join(root, 'benchmarks', 'history.md'), 'utf8');
    expect(history).toContain('| zoom-refine-vs-network | not measured | 1.5 | — | HTTP/1.1: no pyramid display |');
    const table = readFileSync(path.join(root, 'BENCHMARKS.md'), 'utf8');
    expect(table).toMatch(/\| zoom-refine-vs-network \| not measured yet \| ≤ 1\.5 \| — \| — \| not measured at /);
  });

  it('puts a pending row beside the row it belongs with', async () => {
    setUp([
      { name: 'a', value: 1, unit: 'ratio', target: 1, cmp: '≤', met: true, run: null },
      { name: 'first-slice-after-last-byte-ms', value: null, unit: 'ms', target: 5, cmp: '≤', met: null, run: null },
      { name: 'b', value: 1, unit: 'ratio', target: 1, cmp: '≤', met: true, run: null },
    ]);
    await recordRun(root, { when: '2026-11-27 12:00', machine: '2 cores', load: null, results: [] });
    const names = current().map((r) => r.name);
    expect(PENDING.some((p) => p.name === 'first-slice-after-last-byte-ms-http1')).toBe(true);
    expect(names.slice(0, 4)).toEqual([
      'a',
      'first-slice-after-last-byte-ms',
      'first-slice-after-last-byte-ms-http1',
      'b',
    ]);
  });

  it('reads the HEALPix pyramid row as bytes per device pixel at most its target', () => {
    const name = 'healpix-bytes-per-screen-pixel';
    expect(cmpOf({ name, value: 1, target: 16, met: false })).toBe('≤');
    expect(cmpOf({ name, value: 100, target: 16, met: false })).toBe('≤');
    expect(PENDING.find((p) => p.name === name)).toMatchObject({ unit: 'bytes', target: 16, cmp: '≤' });
  });

  it('reads the aggregate rows as their targets mean them: N× faster at least, the others at most', () => {
    const rows = {
      'aggregate-open-365-files-vs-xarray-open-mfdataset': '≥',
      'aggregate-open-requests-per-file': '≤',
      'aggregate-first-picture-vs-network': '≤',
      'aggregate-scrub-across-files-vs-network': '≤',
      'aggregate-series-365-files-vs-network': '≤',
    };
    for (const [name, cmp] of Object.entries(rows)) {
      // A measured row that misses its target either way round is still read in its own direction.
      expect(cmpOf({ name, value: 1, target: 10, met: false })).toBe(cmp);
      expect(cmpOf({ name, value: 100, target: 10, met: false })).toBe(cmp);
      expect(PENDING.find((p) => p.name === name)?.cmp).toBe(cmp);
    }
  });
});
