import { describe, expect, it } from 'vitest';
import type { Group, Variable } from '../core';
import { allNodes, ancestorGroups, badges, typeAhead, visibleNodes } from './tree-model';

const v = (path: string): Variable =>
  ({ path, name: path.split('/').pop() ?? '', shape: [2], itemSize: 4, type: 'float' }) as unknown as Variable;
const g = (path: string, variables: Variable[], groups: Group[] = []): Group =>
  ({
    path,
    name: path.split('/').pop() ?? '',
    variables,
    groups,
    attributes: [],
    dimensions: [],
    problems: [],
  }) as Group;

const root = g(
  '/',
  [v('/temp'), v('/lat')],
  [g('/sub', [v('/sub/pressure')], [g('/sub/deep', [v('/sub/deep/tempX')])])],
);

describe('tree model', () => {
  it('the groups holding a path, whatever their names', () => {
    expect(ancestorGroups('/3/tas')).toEqual(['/', '/3']);
    expect(ancestorGroups('/0/2/x')).toEqual(['/', '/0', '/0/2']);
    expect(ancestorGroups('/v')).toEqual(['/']);
  });

  const nodes = allNodes(root);
  it('lists in document order with depths', () => {
    expect(nodes.map((n) => `${n.depth}:${n.path}`)).toEqual([
      '0:/',
      '1:/temp',
      '1:/lat',
      '1:/sub',
      '2:/sub/pressure',
      '2:/sub/deep',
      '3:/sub/deep/tempX',
    ]);
  });
  it('shows children of expanded groups only', () => {
    expect(visibleNodes(nodes, new Set(['/']), '').map((n) => n.path)).toEqual(['/', '/temp', '/lat', '/sub']);
    expect(visibleNodes(nodes, new Set(['/sub']), '').map((n) => n.path)).toEqual(['/']);
  });
  it('filters with ancestors, ignoring expansion', () => {
    expect(visibleNodes(nodes, new Set(), 'TEMP').map((n) => n.path)).toEqual([
      '/',
      '/temp',
      '/sub',
      '/sub/deep',
      '/sub/deep/tempX',
    ]);
  });
  it('filters by the words describing a read variable too (long_name, standard_name, units), not other attributes', () => {
    const described = (path: string, attributes: unknown[]): Variable => ({ ...v(path), attributes }) as Variable;
    const tree = g('/', [
      described('/t', [{ name: 'long_name', type: 'char', value: 'Air Temperature' }]),
      described('/sst', [{ name: 'standard_name', type: 'string', value: ['sea_surface_temperature'] }]),
      described('/p', [
        { name: 'units', type: 'char', value: 'hPa' },
        { name: 'comment', type: 'char', value: 'not a temperature' },
        { name: 'valid_max', type: 'float', value: [1100] },
      ]),
    ]);
    const paths = (f: string) => visibleNodes(allNodes(tree), new Set(), f).map((n) => n.path);
    expect(paths('temperature')).toEqual(['/', '/t', '/sst']);
    expect(paths('HPA')).toEqual(['/', '/p']);
    expect(paths('1100')).toEqual([]);
  });
  it('type-ahead wraps', () => {
    const rows = visibleNodes(nodes, new Set(['/']), '');
    expect(typeAhead(rows, 1, 'l')).toBe(2);
    expect(typeAhead(rows, 2, 't')).toBe(1);
    expect(typeAhead(rows, 0, 'zz')).toBe(-1);
  });
  it('handles 10,000 nodes quickly', () => {
    const big = g(
      '/',
      Array.from({ length: 10_000 }, (_, i) => v(`/v${i}`)),
    );
    const t0 = performance.now();
    const n = allNodes(big);
    expect(visibleNodes(n, new Set(['/']), '').length).toBe(10_001);
    expect(visibleNodes(n, new Set(), '999').length).toBeGreaterThan(1);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('a lazily opened group', () => {
  const lazy: Group = {
    name: '/',
    path: '/',
    attributes: [],
    dimensions: [],
    variables: [v('/b'), v('/d')],
    groups: [],
    problems: [],
    pending: [
      { name: 'a', path: '/a', kind: 'variable' },
      { name: 'c', path: '/c', kind: 'variable' },
    ],
    childNames: ['a', 'b', 'c', 'd', 'e'],
  };

  it('lists read and pending variables in metadata order (one that failed is gone), pending ones marked', () => {
    const rows = allNodes(lazy);
    expect(rows.map((r) => `${r.name}${r.pending ? '?' : ''}`)).toEqual(['/', 'a?', 'b', 'c?', 'd']);
    expect(rows[0]!.childCount).toBe(4);
    expect(rows[2]!.variable?.name).toBe('b');
  });

  it('the filter finds pending variables by name', () => {
    expect(visibleNodes(allNodes(lazy), new Set(), 'c').map((r) => r.path)).toEqual(['/', '/c']);
  });
});

describe('pyramids in the tree', () => {
  it('every level stays a row; the finest says it is a pyramid, the others which level of it they are', async () => {
    const { readDataset } = await import('../../src/model/index');
    const { NodeFolderStore } = await import('../../src/store/node-folder-store');
    const ds = await readDataset(new NodeFolderStore('fixtures/pyramids/ome-0.4.zarr'));
    const rows = allNodes(ds.root).filter((n) => n.variable);
    expect(rows.map((n) => n.path)).toEqual(['/0', '/1', '/2']);
    expect(badges(rows[0]!.variable!)).toContain('pyramid of 3 levels');
    expect(badges(rows[2]!.variable!)).toContain('level 3 of /0');
  });
});
