/** Shared by the fuzzers: a per-case deadline, a short description of an untyped error, the seeded case loop. */
import { performance } from 'node:perf_hooks';
import { type Rng, seededRng } from '../../src/testing/seeded-rng';

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

/** What a run of seeded fuzz cases found. */
export interface FuzzRun {
  readonly crashes: string[];
  readonly hangs: string[];
  /** The slowest case, in ms. */
  readonly slowest: number;
  /** Cases per mutation kind, as `kind n, kind n` (sorted). */
  readonly kinds: string;
}

/**
 * Runs `cases` seeded cases: case `i` takes input `i mod inputs`, a mutation kind drawn from its own generator (seed
 * `seed + 7919 i`), and `run` (which damages the input with the same generator and returns what went wrong) within
 * `budgetMs`; a case over its budget is a hang, one that reports anything a crash.
 */
export async function fuzzCases<I>(options: {
  readonly seed: number;
  readonly cases: number;
  readonly budgetMs: number;
  readonly inputs: readonly I[];
  readonly kinds: readonly string[];
  readonly name: (input: I) => string;
  readonly run: (input: I, kind: string, rng: Rng) => Promise<string[]>;
}): Promise<FuzzRun> {
  const { seed, inputs, kinds, budgetMs } = options;
  const counts = new Map<string, number>();
  const crashes: string[] = [];
  const hangs: string[] = [];
  let slowest = 0;
  for (let i = 0; i < options.cases; i++) {
    const rng = seededRng(seed + i * 7919);
    const input = inputs[i % inputs.length] as I;
    const kind = kinds[Math.floor(rng() * kinds.length)] as string;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const t0 = performance.now();
    const result = await withDeadline(options.run(input, kind, rng), budgetMs * 2);
    const ms = performance.now() - t0;
    slowest = Math.max(slowest, ms);
    const label = `case ${i} (seed ${seed}) ${options.name(input)} [${kind}]`;
    if (result === 'hang' || ms > budgetMs) hangs.push(`${label}: took ${Math.round(ms)} ms`);
    else if (result.length > 0) crashes.push(`${label}: ${result.join('\n')}`);
  }
  const byKind = [...counts]
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return { crashes, hangs, slowest, kinds: byKind };
}
