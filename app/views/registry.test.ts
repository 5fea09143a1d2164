import { describe, expect, it } from 'vitest';
import type { Dimension, DsgSpec, Variable } from '../core';
import { applicableViews, chooseView, isViewKind, viewContext } from './shared/view-kind';
import { VIEWS } from './registry';

const dims = (n: number): Dimension[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `d${i}`,
    path: `/d${i}`,
    length: 4,
    unlimited: false,
    anonymous: false,
  }));
const v = (type: Variable['type'], rank: number) =>
  ({
    name: 'v',
    path: '/v',
    type,
    dimensions: dims(rank),
    shape: dims(rank).map((d) => d.length),
  }) as unknown as Variable;
const kinds = (type: Variable['type'], x: number | null, y: number | null, rank = 2) =>
  applicableViews(VIEWS, viewContext(v(type, rank), x, y)).map((d) => d.kind);

describe('view registry', () => {
  it('offers views by what is shown', () => {
    expect(kinds('float', 1, 0)).toEqual(['heatmap', 'matrix', 'histogram']);
    expect(kinds('float', 1, null)).toEqual(['line', 'matrix', 'histogram']);
    expect(kinds('float', null, null, 0)).toEqual(['matrix']);
    expect(kinds('string', 1, 0)).toEqual(['matrix']);
  });

  it('auto picks the first view that applies; a wanted view that does not apply falls back', () => {
    expect(chooseView(VIEWS, 'auto', viewContext(v('double', 2), 1, 0)).kind).toBe('heatmap');
    expect(chooseView(VIEWS, 'auto', viewContext(v('double', 1), 0, null)).kind).toBe('line');
    expect(chooseView(VIEWS, 'histogram', viewContext(v('double', 2), 1, 0)).kind).toBe('histogram');
    expect(chooseView(VIEWS, 'heatmap', viewContext(v('double', 1), 0, null)).kind).toBe('line');
    expect(chooseView(VIEWS, 'line', viewContext(v('char', 1), 0, null)).kind).toBe('matrix');
  });

  it('offers the Map along the marks of a discrete sampling geometry, alone', () => {
    const spec = { mapDim: 0 } as unknown as DsgSpec;
    const dsg = (x: number | null, y: number | null) =>
      applicableViews(VIEWS, viewContext(v('float', 2), x, y, [], undefined, undefined, { kind: 'dsg', spec })).map(
        (d) => d.kind,
      );
    expect(dsg(0, null)).toEqual(['map', 'line', 'matrix', 'histogram']);
    expect(dsg(null, 0)).toContain('map');
    expect(dsg(1, null)).not.toContain('map');
    expect(dsg(1, 0)).not.toContain('map');
    // Stations with their times (a heatmap): the Map is offered (it shows the stations alone), not chosen by auto.
    const stations = { mapDim: 0, marks: 'instance' } as unknown as DsgSpec;
    const ctx = viewContext(v('float', 2), 1, 0, [], undefined, undefined, { kind: 'dsg', spec: stations });
    expect(applicableViews(VIEWS, ctx).map((d) => d.kind)).toEqual(['heatmap', 'map', 'matrix', 'histogram']);
    expect(chooseView(VIEWS, 'auto', ctx).kind).toBe('heatmap');
    expect(kinds('float', 0, null)).not.toContain('map');
  });

  it('has unique kinds that share links can carry', () => {
    const all = VIEWS.views.map((d) => d.kind);
    expect(new Set(all).size).toBe(all.length);
    for (const k of all) expect(k).toMatch(/^[a-z][a-z0-9-]{0,39}$/);
    expect(isViewKind(VIEWS, 'auto')).toBe(true);
    expect(isViewKind(VIEWS, 'nope')).toBe(false);
  });
});
