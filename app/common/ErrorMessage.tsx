import type { ReactNode } from 'react';
import { OpenFailure, isZarrviewError } from '../core';

interface Props {
  readonly error: unknown;
  readonly title?: string;
  readonly onRetry?: (() => void) | undefined;
  readonly onDismiss?: (() => void) | undefined;
  /** Further actions, shown before Retry. */
  readonly children?: ReactNode;
}

/** The user-facing message of any error. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function errorDetails(error: unknown): string {
  if (isZarrviewError(error)) {
    const d = error.details();
    return [`${error.code}${error.key ? ` (${error.key})` : ''}`, d].filter(Boolean).join('\n');
  }
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return '';
}

/** An error shown in place: message, optional actions, and the technical details folded away. */
export function ErrorMessage({ error, title = 'Something went wrong', onRetry, onDismiss, children }: Props) {
  const details = errorDetails(error);
  return (
    <div className="error-box" role="alert" data-testid="error">
      {error instanceof OpenFailure ? (
        <>
          {/* What happened, then the one thing to do (an open that found nothing: src/opening/diagnose.ts). */}
          <strong>
            {title}: <span data-testid="error-title">{error.title}</span>
          </strong>
          <div data-testid="error-message">
            <p>{error.what}</p>
            <p data-testid="error-action" style={{ whiteSpace: 'pre-line' }}>
              {error.action}
            </p>
          </div>
        </>
      ) : (
        <>
          <strong>{title}</strong>
          <p data-testid="error-message">{errorMessage(error)}</p>
        </>
      )}
      {details && (
        <details>
          <summary>Details</summary>
          <pre>{details}</pre>
        </details>
      )}
      <div className="row">
        {children}
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
        {onDismiss && (
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}
