/** One case of a fuzz suite: run it under a time limit and count how it ended (a typed error's code, ok, hang). */
import { isZarrviewError } from '../errors';

export interface FuzzTally {
  /** How cases ended: `ok`, `hang`, or the code of the typed error they gave. */
  readonly outcomes: Map<string, number>;
  /** Untyped errors (crashes), hangs and slow cases, one line each. */
  readonly failures: string[];
  slowest: number;
}

export const fuzzTally = (): FuzzTally => ({ outcomes: new Map(), failures: [], slowest: 0 });

/** Runs `run`; an answer later than `caseMs` is a hang, an untyped error a crash. */
export async function fuzzCase(tally: FuzzTally, label: string, caseMs: number, run: () => Promise<unknown>) {
  const count = (k: string) => tally.outcomes.set(k, (tally.outcomes.get(k) ?? 0) + 1);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), caseMs)));
  const started = performance.now();
  try {
    const r = await Promise.race([run().then(() => 'ok' as const), hang]);
    if (r === 'hang') tally.failures.push(`${label}: no answer within ${caseMs} ms`);
    count(r);
  } catch (e) {
    if (!isZarrviewError(e)) tally.failures.push(`${label}: untyped ${String(e)}${e instanceof Error ? e.stack : ''}`);
    else count(e.code);
  } finally {
    clearTimeout(timer);
  }
  const took = performance.now() - started;
  tally.slowest = Math.max(tally.slowest, took);
  if (took > caseMs) tally.failures.push(`${label}: took ${Math.round(took)} ms`);
}
