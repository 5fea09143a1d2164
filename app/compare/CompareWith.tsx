/**
 * "Compare with…": a second dataset (B) beside the one shown (A). The panel opens B by URL, offers B's variables
 * (the same name and standard_name first), the link mode, the view (side by side, difference, metadata) and the
 * regridding of the difference.
 */
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { ProgressBar } from '../common/ProgressBar';
import {
  findCellGrid,
  findVariable,
  walkVariables,
  type OpenDataset,
  type OpenedDataset,
  type Variable,
} from '../core';
import { sourceFromDrop, sourceFromFile } from '../open/folder-entries';
import { useCompare } from '../state/compare-store';
import type { CompareMode, LinkMode, RegridChoice } from '../state/compare-settings';
import type { ViewOptions } from '../state/view-options';
import { comparable, rankVariables } from './compare-math';
import { CompareViews } from './CompareViews';
import { MetadataDiff } from './MetadataDiff';
import { VersionPicker } from './VersionPicker';
import './compare.css';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly selection: readonly (number | null)[];
  readonly x: number | null;
  readonly y: number | null;
  readonly options: ViewOptions;
}

const MODES: readonly [CompareMode, string][] = [
  ['side', 'Side by side'],
  ['diff', 'Difference A − B'],
  ['map', 'On the map'],
  ['meta', 'Metadata diff'],
];

function canRegrid(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).regrid === 'function';
}

function OpenB({ dataset }: { readonly dataset: OpenedDataset }) {
  const url = useCompare((s) => s.url);
  const status = useCompare((s) => s.status);
  const progress = useCompare((s) => s.progress);
  const error = useCompare((s) => s.error);
  const open = useCompare((s) => s.open);
  const openSource = useCompare((s) => s.openSource);
  const cancel = useCompare((s) => s.cancelOpen);
  const [text, setText] = useState(url);
  const [dropError, setDropError] = useState<string | null>(null);
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    // The items are read before the first await (they are gone once the event is over).
    const name = e.dataTransfer.items[0]?.getAsFile()?.name ?? 'dropped dataset';
    const source = await sourceFromDrop(e.dataTransfer.items).catch(() => null);
    if (source) void openSource(source, name);
    else setDropError('Drop a netCDF file (.nc), a .zip file or a dataset folder as B.');
  };
  return (
    <div className="compare-open" onDragOver={(e) => e.preventDefault()} onDrop={(e) => void onDrop(e)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void open(text.trim());
        }}
      >
        <label htmlFor="compare-b-url">Dataset B</label>
        <input
          id="compare-b-url"
          type="url"
          aria-label="Dataset B URL"
          placeholder="https://…/other.zarr"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="compare-b-url"
        />
        <button type="submit" disabled={status === 'opening'}>
          Open B
        </button>
        <label className="compare-file">
          or a file (or drop one here){' '}
          <input
            type="file"
            aria-label="Dataset B file"
            data-testid="compare-b-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void openSource(sourceFromFile(f), f.name);
              e.target.value = '';
            }}
          />
        </label>
        <VersionPicker dataset={dataset} onOpen={(u) => void open(u)} />
      </form>
      {dropError && <p className="warning">{dropError}</p>}
      {status === 'opening' && <ProgressBar label="Opening B" progress={progress} onCancel={cancel} />}
      {status === 'error' && <ErrorMessage error={error} title="Dataset B could not be opened" />}
    </div>
  );
}

export default function CompareWith({ dataset, variable, selection, x, y, options }: Props) {
  const active = useCompare((s) => s.active);
  const dsB = useCompare((s) => s.dataset);
  const modelB = useCompare((s) => s.model);
  const urlB = useCompare((s) => s.url);
  const varPath = useCompare((s) => s.variable);
  const setVariable = useCompare((s) => s.setVariable);
  const link = useCompare((s) => s.link);
  const setLink = useCompare((s) => s.setLink);
  const method = useCompare((s) => s.method);
  const setMethod = useCompare((s) => s.setMethod);
  const mode = useCompare((s) => s.mode);
  const setMode = useCompare((s) => s.setMode);
  const offered = useMemo(
    () => (modelB ? rankVariables(variable, walkVariables(modelB.root).filter(comparable)) : []),
    [modelB, variable],
  );
  // B's first offer is chosen as soon as B opens (a share link's choice replaces it).
  useEffect(() => {
    if (modelB && varPath === null && offered[0]) setVariable(offered[0].path);
  }, [modelB, varPath, offered, setVariable]);
  const varB = modelB && varPath ? findVariable(modelB.root, varPath) : undefined;
  // A B on a grid of cells (a mesh, HEALPix) is regridded by its containing cells, or area-weighted by sampling.
  const onCells = modelB && varB ? findCellGrid(modelB, varB).kind === 'grid' : false;
  const shownMethod = onCells ? (method === 'area' ? 'area' : 'nearest') : method === 'area' ? 'linear' : method;
  return (
    <div className="compare-with" data-testid="compare-with">
      {active && (
        <section className="compare-panel" aria-label="Compare with another dataset" data-testid="compare-panel">
          <OpenB key={urlB} dataset={dataset} />
          {modelB && (
            <div className="compare-controls">
              <label>
                B variable{' '}
                <select
                  value={varPath ?? ''}
                  onChange={(e) => setVariable(e.target.value || null)}
                  data-testid="compare-b-variable"
                >
                  {offered.map((v) => (
                    <option key={v.path} value={v.path}>
                      {v.path}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Link{' '}
                <select value={link} onChange={(e) => setLink(e.target.value as LinkMode)} data-testid="compare-link">
                  <option value="coords">by coordinate value</option>
                  <option value="index">by index</option>
                </select>
              </label>
              <div role="group" aria-label="Comparison view" className="segmented">
                {MODES.map(([m, text]) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => setMode(m)}
                    data-testid={`compare-mode-${m}`}
                  >
                    {text}
                  </button>
                ))}
              </div>
              {mode === 'diff' && (
                <label>
                  Regridding{' '}
                  <select
                    value={shownMethod}
                    onChange={(e) => setMethod(e.target.value as RegridChoice)}
                    data-testid="compare-method"
                  >
                    {onCells ? (
                      <>
                        <option value="nearest">nearest (containing cell)</option>
                        <option value="area">area-weighted by sampling</option>
                      </>
                    ) : (
                      <>
                        <option value="linear">bilinear</option>
                        <option value="nearest">nearest neighbour</option>
                      </>
                    )}
                  </select>
                </label>
              )}
            </div>
          )}
          {modelB && offered.length === 0 && (
            <p className="muted">Dataset B has no numeric variable of 2 dimensions.</p>
          )}
          {varB && mode === 'meta' && (
            <MetadataDiff
              modelA={dataset.model}
              modelB={modelB!}
              varA={variable}
              varB={varB}
              labelA={dataset.location}
              labelB={dsB?.location ?? urlB}
            />
          )}
          {varB && mode !== 'meta' && canRegrid(dataset) && dsB && (
            <CompareViews
              dsA={dataset}
              varA={variable}
              selA={selection}
              x={x}
              y={y}
              dsB={dsB}
              varB={varB}
              link={link}
              method={method}
              mode={mode}
              options={options}
            />
          )}
        </section>
      )}
    </div>
  );
}
