import { useState } from 'react';
import { codeForView, joinDescriptionOf } from '../core-code';
import type { DimSelection, OpenedDataset, Variable } from '../core';
import { useDrawnLevel } from '../plot/map/use-healpix-level';
import { openCredentials } from '../state/settings-store';
import { useView } from '../state/view-store';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  readonly stride: number;
  readonly raw: boolean;
  /** The view is the Map, in this projection: cartopy code for it too. */
  readonly mapProjection?: string | undefined;
}

function Snippet({ id, title, text }: { readonly id: string; readonly title: string; readonly text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="snippet" aria-label={title}>
      <div className="snippet-head">
        <h4>{title}</h4>
        <button type="button" onClick={copy} data-testid={`copy-${id}`}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre data-testid={`code-${id}`} tabIndex={0}>
        {text}
      </pre>
    </section>
  );
}

/**
 * The code panel: xarray, zarr-python and command-line code that reproduces this view (no credentials), and the
 * code of a Map view (cartopy; healpy for HEALPix, of the pyramid level the Map draws; matplotlib and uxarray for
 * a mesh) in the Map's colours.
 */
export function CodePanel({ dataset, variable, selection, stride, raw, mapProjection }: Props) {
  const colormap = useView((s) => s.options.colormap);
  const invert = useView((s) => s.options.invert);
  const scale = useView((s) => s.options.scale);
  const range = useView((s) => s.options.range);
  const center = useView((s) => s.options.center);
  // The pyramid level the Map draws (chosen from the screen), when it is not the selected one.
  const drawn = useDrawnLevel((s) => s.drawn[variable.path]);
  const code = (() => {
    const { aliases, credentials } = openCredentials();
    const signed = credentials !== undefined || aliases.some((a) => a.credentials !== undefined);
    return codeForView({
      location: dataset.location,
      dataset: dataset.model,
      variable,
      selection,
      stride,
      raw,
      mapProjection,
      mapLevel: mapProjection !== undefined ? drawn : undefined,
      mapStyle: { colormap, invert, scale, range, center },
      aliases: aliases.map((a) => ({ name: a.name, url: a.url, region: a.region })),
      signed,
      join: joinDescriptionOf(dataset),
    });
  })();
  return (
    <div className="code-panel" role="region" aria-label="Code for this view" data-testid="code-panel">
      <p className="muted">Code that opens this dataset and selects this slice. Credentials are never included.</p>
      {code.map !== undefined && <Snippet id="map" title={code.mapTitle ?? 'Map'} text={code.map} />}
      {code.uxarray !== undefined && <Snippet id="uxarray" title="Map (uxarray)" text={code.uxarray} />}
      <Snippet id="xarray" title="xarray" text={code.xarray} />
      <Snippet id="zarr" title={code.rawTitle ?? 'zarr-python'} text={code.zarr} />
      <Snippet id="cli" title="Command line" text={code.cli} />
    </div>
  );
}
