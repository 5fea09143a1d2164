import type { Progress } from '../core';
import { formatBytes } from './format';

interface Props {
  readonly label: string;
  readonly progress: Progress | null;
  readonly onCancel: () => void;
  /** What `progress` counts (default chunks). */
  readonly unit?: string | undefined;
  readonly testId?: string | undefined;
}

/** Progress of a load with a Cancel button. */
export function ProgressBar({ label, progress, onCancel, unit = 'chunks', testId = 'progress' }: Props) {
  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  return (
    <div className="progress" data-testid={testId}>
      <progress aria-label={label} max={total || undefined} value={total ? done : undefined} />
      <span className="muted">
        {label}
        {total ? ` ${done}/${total} ${unit}` : ''}
        {progress?.bytes ? `, ${formatBytes(progress.bytes)}` : ''}
      </span>
      <button type="button" onClick={onCancel} data-testid="cancel">
        Cancel
      </button>
    </div>
  );
}
