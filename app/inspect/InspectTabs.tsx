import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Dataset, Group, Variable } from '../core';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { CdlView } from './CdlView';
import { Overview } from './Overview';
import { RawJson } from './RawJson';
import { ReportView } from './ReportView';
import { Storage } from './Storage';
import { WholeModel } from './WholeModel';

interface Props {
  readonly dataset: Dataset;
  readonly group: Group;
  readonly variable: Variable | null;
}

type TabId = 'overview' | 'storage' | 'cdl' | 'json' | 'report';

/** Overview, Storage, CDL, raw JSON and the dataset report as ARIA tabs (arrow keys move between tabs). */
export function InspectTabs({ dataset, group, variable }: Props) {
  const [tab, setTab] = useState<TabId>('overview');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabs: { id: TabId; label: string; render: () => ReactNode }[] = [
    {
      id: 'overview',
      label: 'Overview',
      render: () => <Overview dataset={dataset} group={group} variable={variable} />,
    },
    ...(variable ? [{ id: 'storage' as const, label: 'Storage', render: () => <Storage variable={variable} /> }] : []),
    // The CDL and the report cover every variable: on a lazily opened dataset they read what is still pending.
    { id: 'cdl', label: 'CDL', render: () => <WholeModel>{(m) => <CdlView dataset={m} />}</WholeModel> },
    { id: 'json', label: 'JSON', render: () => <RawJson item={variable ?? group} /> },
    {
      id: 'report',
      label: 'Report',
      render: () => <WholeModel>{(m) => <ReportView dataset={m} variable={variable} />}</WholeModel>,
    },
  ];
  const current = tabs.find((t) => t.id === tab) ?? tabs[0]!;
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current.id);
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    const t = tabs[j]!;
    setTab(t.id);
    refs.current[t.id]?.focus();
  };
  return (
    <section className="inspect" aria-label="Inspect">
      <div role="tablist" aria-label="Inspect" onKeyDown={onKey} className="tabs">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === current.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${current.id}`}
        aria-labelledby={`tab-${current.id}`}
        className="tabpanel"
        tabIndex={0}
      >
        <ErrorBoundary title={current.label} resetKey={`${current.id}|${variable?.path ?? group.path}`}>
          {current.render()}
        </ErrorBoundary>
      </div>
    </section>
  );
}
