import { useEffect, useMemo, useState } from 'react';
import type { Dataset, Fact, Finding, ReportTables, Variable } from '../core';
import { useDataset } from '../state/dataset-store';

interface Props {
  readonly dataset: Dataset;
  readonly variable: Variable | null;
}

type ReportCore = typeof import('../core-report');
const loadReportCore = (): Promise<ReportCore> => import('../core-report');

const LABEL: Record<Finding['severity'], string> = { error: 'Error', warning: 'Warning', info: 'Note' };

function Facts({ facts }: { readonly facts: readonly Fact[] }) {
  return (
    <table className="kv">
      <tbody>
        {facts.map((f) => (
          <tr key={f.label}>
            <th scope="row">{f.label}</th>
            <td>{f.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Findings({ findings, showPath }: { readonly findings: readonly Finding[]; readonly showPath?: boolean }) {
  if (findings.length === 0)
    return (
      <p className="muted" data-testid="report-none">
        No findings.
      </p>
    );
  return (
    <ul className="findings" data-testid="report-findings">
      {findings.map((f, i) => (
        <li
          key={`${f.path}|${f.code}|${i}`}
          className={`finding ${f.severity}`}
          data-severity={f.severity}
          data-code={f.code}
          data-path={f.path}
        >
          <span className={`badge sev-${f.severity}`}>{LABEL[f.severity]}</span>{' '}
          {showPath && f.path !== '/' && <code>{f.path}</code>} {f.message}
          <div className="advice muted">→ {f.advice}</div>
        </li>
      ))}
    </ul>
  );
}

/** The dataset report (src/report): the dataset's, or the selected variable's, facts and findings. */
export function ReportView({ dataset, variable }: Props) {
  const [tables, setTables] = useState<ReportTables | null>(null);
  const [core, setCore] = useState<ReportCore | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const opened = useDataset((s) => s.dataset);
  useEffect(() => {
    let live = true;
    // The checks load with the tab (app/core-report.ts). The standard name table is a chunk of its own; without it
    // the report is shown without that check. A virtual, versioned or aggregated dataset's sources (every manifest
    // of a snapshot) are read alongside.
    const sources = opened?.sources ? opened.sources().catch(() => null) : Promise.resolve(null);
    loadReportCore().then(
      (c) => {
        if (!live) return;
        setCore(c);
        Promise.all([c.loadStandardNames().catch(() => null), sources]).then(
          ([standardNames, s]) => live && setTables({ standardNames, sources: s }),
          () => live && setTables({ standardNames: null }),
        );
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [opened]);
  const report = useMemo(() => (tables && core ? core.buildReport(dataset, tables) : null), [dataset, tables, core]);
  if (failed) return <p className="error">The report's code could not be loaded ({failed}). Reload the page.</p>;
  if (!report) return <p className="muted">Preparing the report…</p>;
  const c = report.counts;
  const summary = `${c.error} error${c.error === 1 ? '' : 's'}, ${c.warning} warning${c.warning === 1 ? '' : 's'}, ${c.info} note${c.info === 1 ? '' : 's'}`;
  if (variable) {
    const v = report.variables.find((x) => x.path === variable.path);
    return (
      <div className="report" data-testid="report">
        <h3>
          Report for <code>{variable.path}</code>
        </h3>
        {v ? (
          <>
            <Facts facts={v.facts} />
            <h4>Findings</h4>
            <Findings findings={v.findings} />
          </>
        ) : (
          <p className="muted">This variable is not in the report.</p>
        )}
        <p className="muted">Whole dataset: {summary}. Select the root group for the dataset report.</p>
      </div>
    );
  }
  const rest = report.variables.flatMap((v) => v.findings);
  return (
    <div className="report" data-testid="report">
      <h3>Dataset report</h3>
      <p data-testid="report-summary">{summary}</p>
      <Facts facts={report.facts} />
      <h4>Dataset</h4>
      <Findings findings={report.findings} />
      <h4>Variables</h4>
      <Findings findings={rest} showPath />
    </div>
  );
}
