import { useEffect, useState } from 'react';
import { ErrorBoundary } from './common/ErrorBoundary';
import { ErrorMessage } from './common/ErrorMessage';
import { ProgressBar } from './common/ProgressBar';
import { SidebarSeparator } from './common/SidebarSeparator';
import { useStored } from './common/use-stored';
import { TelemetryPanel } from './common/TelemetryPanel';
import {
  cellDimension,
  findGroup,
  findVariable,
  isPending,
  parentPath,
  relatedPaths,
  withVersion,
  type Source,
} from './core';
import { DisplayPanel } from './display/DisplayPanel';
import { HistoryPanel } from './inspect/HistoryPanel';
import { JoinMount } from './join/mount';
import { InspectTabs } from './inspect/InspectTabs';
import { MetadataPanel } from './inspect/MetadataPanel';
import { PendingSelection } from './inspect/PendingSelection';
import { EndpointsDialog } from './open/EndpointsDialog';
import { OpenPanel } from './open/OpenPanel';
import { warmPlotly } from './plot/plot-warm';
import { settled } from './join/hooks';
import { readCoordinatesAhead } from './views/shared/use-axes';
import { expectedFigure } from './views/heatmap/heatmap-figure';
import { warmForDataset } from './views/heatmap/image-prep';
import { UrlField } from './open/UrlField';
import { shareLink, useShareSync } from './share/use-share-sync';
import { useDataset } from './state/dataset-store';
import { useSlice } from './state/slice-store';
import { useView } from './state/view-store';
import { Tree } from './tree/Tree';
import { VIEWS } from './views/registry';

function sourceLabel(s: Source): string {
  return s.kind === 'url' ? s.url : s.name;
}

/** Progress of the dataset being opened: the only part that re-renders on every progress tick. */
function OpenProgress({ label, onCancel }: { readonly label: string; readonly onCancel: () => void }) {
  const progress = useDataset((s) => s.progress);
  return <ProgressBar label={`Opening ${label}`} progress={progress} onCancel={onCancel} />;
}

/** The sidebar's width (CSS px): its bounds, and the width it has until the user moves it. */
const SIDEBAR = { min: 200, max: 640, initial: 280 };
const parseWidth = (t: string | null) => {
  const n = Number(t);
  return t !== null && Number.isFinite(n) ? Math.max(SIDEBAR.min, Math.min(SIDEBAR.max, n)) : SIDEBAR.initial;
};

/** The viewer: header with the URL field, tree on the left, inspect + display on the right. */
export function App() {
  const status = useDataset((s) => s.status);
  const dataset = useDataset((s) => s.dataset);
  const model = useDataset((s) => s.model);
  const need = useDataset((s) => s.need);
  const source = useDataset((s) => s.source);
  const error = useDataset((s) => s.error);
  const label = useDataset((s) => s.label);
  const selected = useDataset((s) => s.selected);
  const open = useDataset((s) => s.open);
  const cancelOpen = useDataset((s) => s.cancelOpen);
  const select = useDataset((s) => s.select);
  const clearError = useDataset((s) => s.clearError);
  const [endpointsOpen, setEndpointsOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [sidebarWidth, setSidebarWidth] = useStored('zarrview.sidebarWidth', parseWidth);
  const share = useShareSync();
  // Plotly (a big chunk) loads as soon as the tree is on screen, not after the first slice arrived; not while
  // the groups are read, where compiling it would hold back the tree (the lazy open takes a few round trips).
  // Off screen, it draws the axes of the heatmap the user is likeliest to open first (heatmap-figure.ts).
  // A join still reading its members waits until they are read: its page's thread is reading them.
  useEffect(() => {
    if (!dataset) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    void settled(dataset).then(() => {
      if (!gone) t = setTimeout(() => void warmPlotly(() => expectedFigure(dataset)), 50);
    });
    return () => {
      gone = true;
      clearTimeout(t);
    };
  }, [dataset]);
  // The dimension coordinates too: a heatmap's axes are then known when its variable is selected. Both this and the
  // workers' warm-up start at once, before plotly's module (50 ms later) holds the page's thread for a second or more:
  // a timer set now would fire only after it, when the user may already have picked a variable. The warm-up runs in
  // the workers' own threads (the page only posts a made-up slice) and must be done before the first chunk arrives.
  useEffect(() => {
    if (!dataset) return;
    readCoordinatesAhead(dataset);
    warmForDataset(dataset);
  }, [dataset]);

  const openSource = (s: Source) => {
    useSlice.getState().clear();
    void open(s, sourceLabel(s));
  };
  const openUrl = (url: string) => openSource({ kind: 'url', url });

  const found = model && selected ? (findVariable(model.root, selected) ?? null) : null;
  // Lazy open: a selected variable not read yet, or whose coordinate variables are not, is read first.
  const waiting =
    model !== null &&
    selected !== null &&
    (found ? relatedPaths(model, found).length > 0 : isPending(model.root, selected));
  const variable = waiting ? null : found;
  const group = model
    ? (findGroup(model.root, found || waiting ? parentPath(selected ?? '/') : (selected ?? '/')) ?? model.root)
    : null;

  const copyLink = () => {
    const link = shareLink();
    if (!link) return;
    void navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="app">
      <header className="app-header">
        <h1>
          <button type="button" className="brand" onClick={() => select(null)} aria-label="Zarrview home">
            Zarrview
          </button>
        </h1>
        <UrlField
          key={source?.kind === 'url' ? source.url : ''}
          initial={source?.kind === 'url' ? source.url : ''}
          busy={status === 'opening'}
          onOpen={openUrl}
        />
        <button type="button" onClick={() => setEndpointsOpen(true)} data-testid="endpoints-button">
          Endpoints
        </button>
        <button
          type="button"
          onClick={copyLink}
          disabled={!dataset || source?.kind !== 'url'}
          data-testid="copy-link"
          title={source && source.kind !== 'url' ? 'Local files cannot be shared' : undefined}
        >
          {copied ? 'Link copied' : 'Copy link'}
        </button>
      </header>
      {share.message && (
        <div className="banner">
          <ErrorMessage
            error={new Error(share.message)}
            title="This link could not be opened"
            onDismiss={share.dismiss}
          />
        </div>
      )}
      {status === 'opening' && (
        <div className="banner">
          <OpenProgress label={label} onCancel={cancelOpen} />
        </div>
      )}
      {status === 'error' && (
        <div className="banner">
          <ErrorMessage error={error} title={`Could not open ${label}`} onDismiss={clearError} />
        </div>
      )}
      <JoinMount />
      {!dataset || !model ? (
        <main className="welcome" id="main">
          <OpenPanel onOpenUrl={openUrl} onOpenSource={openSource} />
        </main>
      ) : (
        <div className="workspace" style={{ ['--sidebar-w' as string]: `${sidebarWidth}px` }}>
          <nav className="sidebar" id="sidebar" aria-label="Dataset">
            <p className="dataset-name" title={label}>
              {model.name}
            </p>
            <ErrorBoundary title="Tree" resetKey={dataset}>
              <Tree
                root={model.root}
                selected={selected}
                onNeed={need}
                onSelect={(p) => {
                  if (p !== useDataset.getState().selected) useView.getState().setPlaying(null);
                  // The view is the variable's before the display first renders, so that render's task sends its
                  // first slice's request (the display's own reset, an effect, would cost a render before it).
                  const v = p ? findVariable(model.root, p) : undefined;
                  if (v && useView.getState().variable !== v.path)
                    useView.getState().reset(v, true, cellDimension(model, v));
                  select(p);
                }}
              />
            </ErrorBoundary>
            {model.repository && dataset.history && (
              <ErrorBoundary title="History" resetKey={dataset}>
                <HistoryPanel
                  key={dataset.location}
                  dataset={dataset}
                  current={model.repository}
                  onOpen={source?.kind === 'url' ? (ref) => openUrl(withVersion(source.url, ref)) : undefined}
                />
              </ErrorBoundary>
            )}
            {model.problems.length > 0 && (
              <details className="problems-panel" data-testid="problems">
                <summary>
                  {model.problems.length} part{model.problems.length > 1 ? 's' : ''} could not be read
                </summary>
                <ul className="problems">
                  {model.problems.slice(0, 200).map((p, i) => (
                    <li key={i}>
                      <code>{p.key}</code>: {p.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <TelemetryPanel dataset={dataset} />
            <details className="open-more">
              <summary>Open another</summary>
              <OpenPanel onOpenUrl={openUrl} onOpenSource={openSource} />
            </details>
          </nav>
          <SidebarSeparator value={sidebarWidth} min={SIDEBAR.min} max={SIDEBAR.max} onChange={setSidebarWidth} />
          <main className="content" id="main">
            {waiting && selected ? (
              <PendingSelection dataset={dataset} path={selected} onCancel={() => select(parentPath(selected))} />
            ) : (
              group &&
              !variable && (
                <ErrorBoundary title="Inspect" resetKey={selected}>
                  <InspectTabs dataset={model} group={group} variable={variable} />
                </ErrorBoundary>
              )
            )}
            {variable && (
              <ErrorBoundary title="Display" resetKey={variable.path}>
                <DisplayPanel
                  key={variable.path}
                  dataset={dataset}
                  variable={variable}
                  siblings={group?.variables ?? []}
                  unreadSiblings={group?.pending ?? []}
                  onNeed={need}
                  views={VIEWS}
                />
              </ErrorBoundary>
            )}
          </main>
          {variable && group && (
            <MetadataPanel>
              <ErrorBoundary title="Inspect" resetKey={selected}>
                <InspectTabs dataset={model} group={group} variable={variable} />
              </ErrorBoundary>
            </MetadataPanel>
          )}
        </div>
      )}
      <EndpointsDialog open={endpointsOpen} onClose={() => setEndpointsOpen(false)} />
    </div>
  );
}
