/** What differs between A's and B's metadata: the selected pair of variables, then the whole datasets. */
import { useMemo } from 'react';
import type { Dataset, Variable } from '../core';
import { diffDatasets, diffVariables, formatMetadataDiff } from '../core-compare';

interface Props {
  readonly modelA: Dataset;
  readonly modelB: Dataset;
  readonly varA: Variable;
  readonly varB: Variable;
  readonly labelA: string;
  readonly labelB: string;
}

export function MetadataDiff({ modelA, modelB, varA, varB, labelA, labelB }: Props) {
  const text = useMemo(() => {
    const labels = { a: labelA, b: labelB };
    return {
      pair: formatMetadataDiff(diffVariables(varA, varB), labels),
      whole: formatMetadataDiff(diffDatasets(modelA, modelB), labels),
    };
  }, [modelA, modelB, varA, varB, labelA, labelB]);
  return (
    <section className="compare-meta" aria-label="Metadata diff" data-testid="compare-meta">
      <h3>The selected pair</h3>
      <pre data-testid="compare-meta-pair">{text.pair}</pre>
      <h3>The whole datasets</h3>
      <pre data-testid="compare-meta-datasets">{text.whole}</pre>
    </section>
  );
}
