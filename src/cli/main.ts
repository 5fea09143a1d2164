/**
 * CLI entry: `zarrview dump ...`, `zarrview report ...` and `zarrview diff ...`. Exit codes: 0 ok, 1 dataset
 * problems or errors (for `report`: an error-level finding; for `diff`: a difference), 2 usage (for `diff`: also a
 * location that cannot be opened).
 */
import { encodeEscaped } from '../text/utf8';
import { isZarrviewError } from '../errors';
import { USAGE, parseDumpArgs } from './args';
import { DIFF_USAGE, runDiff } from './diff';
import { dump } from './dump';
import { LS_USAGE, runLs } from './ls';
import { REPORT_USAGE, parseReportArgs, report } from './report';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const debug = argv.includes('--debug');
  const [cmd, ...rest] = argv;
  if (cmd === '--help' || cmd === 'help') {
    process.stdout.write(`${USAGE}\n${REPORT_USAGE}\n${DIFF_USAGE}\n${LS_USAGE}\n`);
    return 0;
  }
  if (cmd === 'diff') return runDiff(rest);
  if (cmd === 'ls')
    return runLs(
      rest,
      (s) => process.stdout.write(s),
      (s) => process.stderr.write(s),
    );
  if (cmd !== 'dump' && cmd !== 'report') {
    process.stderr.write(
      `zarrview: ${cmd === undefined ? 'missing command' : `unknown command ${cmd}`}.\n${USAGE}\n${REPORT_USAGE}\n${DIFF_USAGE}\n`,
    );
    return 2;
  }
  try {
    if (cmd === 'report') {
      const r = await report(parseReportArgs(rest));
      process.stdout.write(r.text);
      return r.exitCode;
    }
    const args = parseDumpArgs(rest);
    const result = await dump(args);
    // Bytes of invalid UTF-8 kept by the readers go out as they came in, as ncdump prints them.
    process.stdout.write(/[\udc80-\udcff]/.test(result.text) ? encodeEscaped(result.text) : result.text);
    const problems = [
      ...result.dataset.problems.map((p) => ({
        // A message that names its object already (a key, or a file's path `/key`) is printed as it is.
        text: p.message.startsWith(p.key) || p.message.startsWith(`/${p.key} `) ? p.message : `${p.key}: ${p.message}`,
        error: p.error,
      })),
      ...result.failures.map((f) => ({ text: `${f.variable.path}: ${message(f.error)}`, error: f.error })),
    ];
    if (problems.length === 0) return 0;
    const first = problems[0];
    const more =
      problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    process.stderr.write(`zarrview: ${first?.text ?? ''}${more}\n`);
    if (debug)
      for (const p of problems)
        process.stderr.write(`${p.text}\n${p.error instanceof Error ? (p.error.stack ?? '') : ''}\n`);
    return 1;
  } catch (e) {
    if (isZarrviewError(e) && e.code === 'usage') {
      process.stderr.write(`zarrview: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`zarrview: ${message(e)}\n`);
    if (debug && e instanceof Error)
      process.stderr.write(`${e.stack ?? ''}\n${isZarrviewError(e) ? e.details() : ''}\n`);
    return 1;
  }
}

const invoked = process.argv[1] ?? '';
if (/zarrview(\.mjs)?$|cli[\\/]main\.ts$/.test(invoked) || process.env.ZARRVIEW_CLI === '1') {
  process.exitCode = await main(process.argv.slice(2));
}
