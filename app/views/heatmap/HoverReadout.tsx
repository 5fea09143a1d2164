/** The read-out over a raster plot under the pointer: coordinates and value, one line each (React text only). */
export interface Readout {
  /** Position in the plot's figure (CSS px). */
  readonly left: number;
  readonly top: number;
  readonly lines: readonly string[];
}

export function HoverReadout({ readout }: { readonly readout: Readout | null }) {
  if (!readout) return null;
  return (
    <div
      className="hover-readout"
      role="status"
      data-testid="hover-value"
      style={{ left: readout.left, top: readout.top }}
    >
      {readout.lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </div>
  );
}
