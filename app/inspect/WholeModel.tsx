import { useEffect, useState, type ReactNode } from 'react';
import { walkGroups, type Dataset, type Progress } from '../core';
import { ProgressBar } from '../common/ProgressBar';
import { useDataset } from '../state/dataset-store';

/** Whether some variable of the model is still pending (lazy open). */
export function hasPending(model: Dataset): boolean {
  return walkGroups(model.root).some((g) => (g.pending?.length ?? 0) > 0);
}

interface Props {
  /** What needs every variable (the CDL, the report), given the model once all are read. */
  readonly children: (model: Dataset) => ReactNode;
}

/**
 * Reads the metadata of every pending variable (in parallel, through the store's concurrency limit), with
 * progress and Cancel, and then shows its children with the whole model.
 */
export function WholeModel({ children }: Props) {
  const dataset = useDataset((s) => s.dataset);
  const model = useDataset((s) => s.model);
  const complete = model !== null && !hasPending(model);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (!dataset || complete || stopped) return;
    const c = new AbortController();
    let shown = 0;
    void dataset
      .loadAll({
        signal: c.signal,
        onProgress: (done, total) => {
          // A tick at most every 100 ms: a hundred thousand variables are not a hundred thousand renders.
          const now = performance.now();
          if (done !== total && now - shown < 100) return;
          shown = now;
          setProgress({ done, total, bytes: 0 });
        },
      })
      .catch(() => undefined);
    return () => c.abort();
  }, [dataset, complete, stopped]);
  if (!model) return null;
  if (complete) return <>{children(model)}</>;
  if (stopped)
    return (
      <p className="muted" data-testid="metadata-stopped">
        Reading the variables' metadata was stopped.{' '}
        <button type="button" onClick={() => setStopped(false)}>
          Read them
        </button>
      </p>
    );
  return (
    <ProgressBar
      label="Reading the metadata of every variable"
      unit="variables"
      progress={progress}
      onCancel={() => setStopped(true)}
      testId="metadata-progress"
    />
  );
}
