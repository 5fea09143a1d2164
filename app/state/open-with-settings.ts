/** Opening a dataset as the viewer does, for the stores that open one (the dataset in view, the one compared). */
import { openDataset, type Progress, type Source } from '../core';
import { openCredentials, requestTimeoutMs } from './settings-store';

/**
 * Opens `source` with the endpoints' aliases and credentials, the request timeout of the settings and a lazy tree
 * (metadata read as the tree needs it); `onProgress` hears the open's progress.
 */
export async function openWithSettings(
  source: Source,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
): ReturnType<typeof openDataset> {
  // Dropped files opened as one: the join code (which opens such sources) loads with the first.
  if (source.kind === 'dropped-join') await import('../core-join');
  return openDataset(source, { signal, ...openCredentials(), timeoutMs: requestTimeoutMs(), lazy: true, onProgress });
}
