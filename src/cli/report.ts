/** `zarrview report <location>`: the dataset report (src/report) as text; exit 1 when it has an error finding. */
import { UsageError } from '../errors';
import { buildReport, formatReport, hasErrors, loadStandardNames, type DatasetReport } from '../report/index';
import { openLocation } from './open-location';

export const REPORT_USAGE = `usage: zarrview report [--timeout s] <location>
  prints the dataset report: dialect, consolidation, chunking, codecs, CF and NCZarr checks;
  exit code 1 when a finding is an error`;

export interface ReportArgs {
  readonly location: string;
  readonly timeoutMs: number | undefined;
}

export function parseReportArgs(argv: readonly string[]): ReportArgs {
  const rest: string[] = [];
  let timeoutMs: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--debug') continue;
    if (a === '--timeout') {
      const val = Number(argv[++i]);
      if (!Number.isFinite(val) || val <= 0)
        throw new UsageError(`--timeout needs a positive number of seconds.\n${REPORT_USAGE}`);
      timeoutMs = val * 1000;
    } else if (a.startsWith('-') && a.length > 1) throw new UsageError(`unknown option ${a}.\n${REPORT_USAGE}`);
    else rest.push(a);
  }
  if (rest.length !== 1)
    throw new UsageError(
      `${rest.length === 0 ? 'missing location.' : 'exactly one location expected.'}\n${REPORT_USAGE}`,
    );
  return { location: rest[0] ?? '', timeoutMs };
}

export async function report(args: ReportArgs): Promise<{ text: string; report: DatasetReport; exitCode: number }> {
  const { dataset: ds, store } = await openLocation(args.location, { timeoutMs: args.timeoutMs });
  const sources = store.sources ? await store.sources() : undefined;
  const r = buildReport(ds, { standardNames: await loadStandardNames(), sources });
  return { text: formatReport(r), report: r, exitCode: hasErrors(r) ? 1 : 0 };
}
