/**
 * A mesh whose topology is read after its variable was shown (a lazy open reads the scalar `mesh_topology` variable
 * or the bounds later): the variable's view was reset to the default axes, a 2-D heatmap of cells × time. Once the
 * growing model names the cell dimension, the view moves to it (the cells along x, the Map's slice), as a selection
 * made after the topology was read would have — unless the axes or the view were chosen meanwhile.
 */
import { useEffect, useMemo, useRef } from 'react';
import { cellDimension, type OpenedDataset, type Variable } from '../core';
import { useDataset } from '../state/dataset-store';
import { defaultAxes, useView } from '../state/view-store';

export function useLateCellAxes(dataset: OpenedDataset, variable: Variable): void {
  const model = useDataset((s) => (s.dataset === dataset ? s.model : null));
  const cellDim = useMemo(() => cellDimension(model ?? dataset.model, variable), [model, dataset, variable]);
  const done = useRef('');
  useEffect(() => {
    if (cellDim === null || done.current === variable.path) return;
    done.current = variable.path;
    const v = useView.getState();
    const d = defaultAxes(variable.shape.length);
    const atDefault = v.variable === variable.path && v.x === d.x && v.y === d.y && v.options.view === 'auto';
    if (atDefault && (d.x !== cellDim || d.y !== null)) v.setAxes(cellDim, null);
  }, [variable, cellDim]);
}
