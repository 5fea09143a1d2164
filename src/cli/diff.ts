/**
 * `zarrview diff <A> <B> [-v varA[:varB]]`: the metadata diff of two datasets (src/compare), or of one pair of
 * variables. Exit codes: 0 no difference, 1 differences, 2 usage errors and locations that cannot be opened.
 */
import { diffDatasets, diffVariables, formatMetadataDiff, type MetadataDiff } from '../compare/index';
import { UsageError, isZarrviewError } from '../errors';
import { findVariable } from '../model/find';
import type { Dataset } from '../model/types';
import { openLocation } from './open-location';

export const DIFF_USAGE = `usage: zarrview diff [-v varA[:varB]] [--timeout s] [--debug] <A> <B>
  prints what differs between the metadata of datasets A and B (groups, dimensions, variables, attributes,
  encodings), one line each: - only in A, + only in B, ~ changed; or "No difference."
  -v varA[:varB]  compare only variable varA of A with varB of B (default: the same name); names or full paths
  exit code 0 when nothing differs, 1 when something does, 2 on usage errors or a location that cannot be opened`;

export interface DiffArgs {
  readonly a: string;
  readonly b: string;
  /** `-v`: the pair of variables to compare (B's defaults to A's name). */
  readonly variables: { readonly a: string; readonly b: string } | undefined;
  readonly timeoutMs: number | undefined;
  readonly debug: boolean;
}

const usage = (message: string) => new UsageError(`${message}\n${DIFF_USAGE}`);

/** Parses the arguments after `diff`; throws a `usage` ZarrviewError when they are wrong. */
export function parseDiffArgs(argv: readonly string[]): DiffArgs {
  const rest: string[] = [];
  let timeoutMs: number | undefined;
  let variables: DiffArgs['variables'];
  let debug = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--debug') debug = true;
    else if (arg === '--timeout') {
      const val = Number(argv[++i]);
      if (!Number.isFinite(val) || val <= 0) throw usage('--timeout needs a positive number of seconds.');
      timeoutMs = val * 1000;
    } else if (arg === '-v') {
      const val = argv[++i];
      if (val === undefined || val === '') throw usage('-v needs a variable name.');
      const colon = val.indexOf(':');
      const a = colon < 0 ? val : val.slice(0, colon);
      const b = colon < 0 ? val : val.slice(colon + 1);
      if (a === '' || b === '') throw usage(`-v ${val}: a variable name is missing.`);
      variables = { a, b };
    } else if (arg.startsWith('-') && arg.length > 1) throw usage(`unknown option ${arg}.`);
    else rest.push(arg);
  }
  if (rest.length !== 2) throw usage(rest.length < 2 ? 'two locations expected (A and B).' : 'only two locations.');
  return { a: rest[0] ?? '', b: rest[1] ?? '', variables, timeoutMs, debug };
}

export interface DiffResult {
  readonly text: string;
  readonly diff: MetadataDiff;
  readonly datasets: { readonly a: Dataset; readonly b: Dataset };
}

/** Opens both locations and diffs them (or the chosen pair of variables); `UsageError` for an unknown variable. */
export async function diff(args: DiffArgs): Promise<DiffResult> {
  const [{ dataset: a }, { dataset: b }] = await Promise.all([
    openLocation(args.a, { timeoutMs: args.timeoutMs }),
    openLocation(args.b, { timeoutMs: args.timeoutMs }),
  ]);
  if (args.variables) {
    const va = findVariable(a.root, args.variables.a);
    if (!va) throw usage(`variable ${args.variables.a} not found in A (${args.a}).`);
    const vb = findVariable(b.root, args.variables.b);
    if (!vb) throw usage(`variable ${args.variables.b} not found in B (${args.b}).`);
    const d = diffVariables(va, vb);
    return {
      text: formatMetadataDiff(d, { a: `${va.path} in ${args.a}`, b: `${vb.path} in ${args.b}` }),
      diff: d,
      datasets: { a, b },
    };
  }
  const d = diffDatasets(a, b);
  return { text: formatMetadataDiff(d, { a: args.a, b: args.b }), diff: d, datasets: { a, b } };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The whole command: prints the diff, notes unreadable parts on stderr, returns the exit code. */
export async function runDiff(argv: readonly string[]): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    const r = await diff(parseDiffArgs(argv));
    process.stdout.write(r.text);
    for (const [side, ds] of [
      ['A', r.datasets.a],
      ['B', r.datasets.b],
    ] as const) {
      const first = ds.problems[0];
      if (!first) continue;
      const n = ds.problems.length;
      process.stderr.write(
        `zarrview: ${side} has ${n} part${n > 1 ? 's' : ''} that could not be read, left out of the diff (first: ${
          first.message.startsWith(first.key) ? first.message : `${first.key}: ${first.message}`
        })\n`,
      );
    }
    return r.diff.identical ? 0 : 1;
  } catch (e) {
    process.stderr.write(`zarrview: ${message(e)}\n`);
    if (debug && e instanceof Error && !(isZarrviewError(e) && e.code === 'usage'))
      process.stderr.write(`${e.stack ?? ''}\n${isZarrviewError(e) ? e.details() : ''}\n`);
    return 2;
  }
}
