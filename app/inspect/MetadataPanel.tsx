import type { ReactNode } from 'react';
import { useMetadataOpen } from './metadata-pref';

/** The **Metadata** toggle of a variable's display: opens or closes the panel of its attributes, storage, CDL… */
export function MetadataToggle() {
  const [open, setOpen] = useMetadataOpen();
  return (
    <button
      type="button"
      className="metadata-toggle"
      aria-expanded={open}
      aria-controls="metadata-panel"
      onClick={() => setOpen(!open)}
      data-testid="metadata-toggle"
    >
      Metadata
    </button>
  );
}

/**
 * The metadata of the variable shown (the inspect tabs), in a panel beside its plot (under it in a narrow window),
 * when open: the plot keeps the main pane.
 */
export function MetadataPanel({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useMetadataOpen();
  if (!open) return null;
  return (
    <aside className="metadata-panel" id="metadata-panel" aria-label="Metadata" data-testid="metadata-panel">
      <div className="metadata-head">
        <h2>Metadata</h2>
        <button type="button" className="small" onClick={() => setOpen(false)} aria-label="Close the metadata panel">
          Close
        </button>
      </div>
      {children}
    </aside>
  );
}
