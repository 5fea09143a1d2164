/**
 * The dataset report: dialect and form, consolidation, chunking, codecs, CF and NCZarr conformance — facts and
 * findings (each with a severity and what to do), computed from the model alone (no data is read).
 *
 * @example
 * const report = buildReport(dataset, { standardNames: await loadStandardNames() });
 * process.stdout.write(formatReport(report));
 */
import { walkVariables } from '../model/find';
import type { Dataset } from '../model/types';
import { chunkReport } from './chunks';
import { cfFindings } from './cf-checks';
import { datasetChecks, nczarrFindings, problemFindings } from './dataset-checks';
import { fileFacts, fileVariableChecks } from './file-checks';
import { pyramidProblemFindings, pyramidReport } from './pyramids';
import { sourceFacts } from './source-facts';
import type { DatasetReport, Finding, ReportTables, Severity, VariableReport } from './types';

export type { DatasetReport, Fact, Finding, ReportTables, Severity, StandardNameTable, VariableReport } from './types';
export { SEVERITIES } from './types';
export { loadStandardNames } from './standard-names';
export { formatReport } from './text';
export { unitsParse } from './units';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const bySeverity = (a: Finding, b: Finding) => RANK[a.severity] - RANK[b.severity];

export function buildReport(ds: Dataset, tables: ReportTables): DatasetReport {
  const top = datasetChecks(ds);
  const problems = pyramidProblemFindings(ds, problemFindings(ds));
  const variables: VariableReport[] = walkVariables(ds.root).map((v) => {
    const chunks = chunkReport(v);
    const file = fileVariableChecks(ds, v, chunks.findings);
    const pyramid = pyramidReport(ds, v);
    const own = problems.filter((p) => p.path === v.path);
    const nc = nczarrFindings(ds, v).filter((f) => !own.some((p) => p.code === f.code));
    return {
      path: v.path,
      facts: [...file.facts, ...chunks.facts, ...pyramid.facts],
      findings: [...own, ...nc, ...file.findings, ...pyramid.findings, ...cfFindings(ds, v, tables)].sort(bySeverity),
    };
  });
  const paths = new Set(variables.map((v) => v.path));
  const findings = [...top.findings, ...problems.filter((p) => !paths.has(p.path))].sort(bySeverity);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of [...findings, ...variables.flatMap((v) => v.findings)]) counts[f.severity] += 1;
  return {
    name: ds.name,
    facts: [...top.facts, ...fileFacts(ds), ...sourceFacts(ds, tables.sources)],
    findings,
    variables,
    counts,
  };
}

/** Every finding of the report, dataset first. */
export function allFindings(report: DatasetReport): Finding[] {
  return [...report.findings, ...report.variables.flatMap((v) => v.findings)];
}

export function hasErrors(report: DatasetReport): boolean {
  return report.counts.error > 0;
}
