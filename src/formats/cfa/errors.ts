/**
 * A fragment of a CFA aggregation that cannot be read: missing (not found), refused (a target a master may not
 * name), or unreadable (not a file format read here, no such variable, a different shape). A `ChunkError`, so that
 * it costs only the chunks of that fragment: the data path reads them as the fill value and lists them in the
 * slice's `failedChunks` with this message, which names the fragment.
 */
import { ChunkError, type ErrorOptions } from '../../errors';

export type FragmentProblem = 'missing' | 'refused' | 'unreadable';

export class FragmentError extends ChunkError {
  constructor(
    readonly problem: FragmentProblem,
    /** The fragment's file as the master names it. */
    readonly fragment: string,
    message: string,
    options: ErrorOptions = {},
  ) {
    super(message, { key: fragment, ...options });
    this.name = 'FragmentError';
  }
}
