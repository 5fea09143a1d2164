import { describe, expect, it } from 'vitest';
import type { Attribute, Group, OpenedDataset, Variable } from '../../core';
import { likeliestFirst, loadingFigure } from './heatmap-figure';

/** A variable as the model describes one (only what is used). */
function variable(name: string, shape: number[], type = 'float', attributes: Attribute[] = []): Variable {
  return { name, path: `/${name}`, shape, type, attributes } as unknown as Variable;
}
const text = (name: string, value: string): Attribute => ({ name, type: 'char', value });

function dataset(variables: Variable[], groups: Group[] = []): OpenedDataset {
  const root = { name: '', path: '/', variables, groups } as unknown as Group;
  return { model: { root } } as unknown as OpenedDataset;
}

describe('the variable a user is likeliest to open first', () => {
  it('is the first numeric one of two or more dimensions, not a coordinate or bounds of another', () => {
    const ds = dataset([
      variable('lat', [4], 'double', [text('bounds', 'lat_bnds')]),
      variable('lat_bnds', [4, 2], 'double'),
      variable('lon2d', [4, 5], 'double'),
      variable('names', [4, 5], 'string'),
      variable('empty', [0, 5]),
      variable('field', [3, 4, 5], 'float', [text('coordinates', 'lon2d  lat')]),
      variable('other', [4, 5]),
    ]);
    expect(likeliestFirst(ds)?.name).toBe('field');
  });

  it('looks into groups after the root’s own variables, and is none without a 2-D numeric variable', () => {
    const sub = { name: 'g', path: '/g', variables: [variable('deep', [2, 2])], groups: [] } as unknown as Group;
    expect(likeliestFirst(dataset([variable('x', [5])], [sub]))?.name).toBe('deep');
    expect(likeliestFirst(dataset([variable('x', [5]), variable('s', [2, 2], 'string')]))).toBeNull();
  });
});

describe('the loading heatmap’s figure', () => {
  it('places the cells on their indices without coordinates, every stride-th; none for a small slice', () => {
    const fig = loadingFigure([300, 400], { axes: [], values: [] }, 1, 0, 2);
    expect(fig?.placement).toEqual({ x0: 0, dx: 2, y0: 0, dy: 2, width: 400, height: 300 });
    expect(fig?.layout).toEqual({
      xaxis: { title: { text: 'index' } },
      yaxis: { title: { text: 'index' } },
    });
    expect(loadingFigure([3, 4], { axes: [], values: [] }, 1, 0, 1)).toBeNull();
  });
});
