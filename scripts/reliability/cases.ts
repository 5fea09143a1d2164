/** Shared by the fuzzers: a per-case deadline and a short description of an untyped error. */

/** Resolves with `p`'s value, or with 'hang' after `ms`. */
export function withDeadline<T>(p: Promise<T>, ms: number): Promise<T | 'hang'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), ms)));
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** Name, message and the top of the stack of an error, for a failure report. */
export function describeError(e: unknown): string {
  return e instanceof Error
    ? `${e.name}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 6).join('\n')}`
    : String(e);
}
