import { useEffect, useState } from 'react';
import { isAbort, type OpenedDataset } from '../core';
import { ErrorMessage } from '../common/ErrorMessage';
import { ProgressBar } from '../common/ProgressBar';

interface Props {
  readonly dataset: OpenedDataset;
  /** Full path of the selected variable, pending or with pending coordinate variables. */
  readonly path: string;
  /** Cancel: back to the enclosing group. */
  readonly onCancel: () => void;
}

/**
 * A selected variable whose metadata is not read yet (lazy open): reads it and the coordinate variables its axes
 * need, with progress. The dataset's next model shows it; a variable whose metadata is missing or malformed becomes
 * a problem; one the connection failed to read (timeout, server error) is shown here with Retry.
 */
export function PendingSelection({ dataset, path, onCancel }: Props) {
  const [failed, setFailed] = useState<{ path: string; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const c = new AbortController();
    dataset.loadVariable(path, { signal: c.signal }).catch((error: unknown) => {
      if (!isAbort(error)) setFailed({ path, error });
    });
    return () => c.abort();
  }, [dataset, path, attempt]);
  const error = failed?.path === path ? failed.error : null;
  if (error)
    return (
      <div data-testid="metadata-error">
        <ErrorMessage
          error={error}
          title={`Could not read the metadata of ${path}`}
          onRetry={() => {
            setFailed(null);
            setAttempt((n) => n + 1);
          }}
          onDismiss={onCancel}
        />
      </div>
    );
  return (
    <ProgressBar
      label={`Reading the metadata of ${path}`}
      progress={null}
      onCancel={onCancel}
      testId="metadata-progress"
    />
  );
}
