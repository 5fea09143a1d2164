/**
 * Tick labels the page draws beside a raster plot's area (the Map's graticule labels), not plotly: they change with
 * every zoom, and a plotly relayout per zoom would cost a redraw and move its ranges. Drawn again into exports.
 */
/** Tick positions and their labels along one axis. */
export interface AxisTicks {
  readonly tickvals: number[];
  readonly ticktext: string[];
}

export interface TickArea {
  /** The plot area in the figure's (or picture's) pixels, and the data ranges it shows. */
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly x: readonly [number, number];
  readonly y: readonly [number, number];
}

export interface AxisLabels {
  readonly x: AxisTicks;
  readonly y: AxisTicks;
}

interface Placed {
  readonly axis: 'x' | 'y';
  readonly text: string;
  readonly left: number;
  readonly top: number;
}

/** Each label's anchor: x labels centred under the area, y labels right-aligned left of it (inside it only). */
export function placeLabels(labels: AxisLabels, a: TickArea): Placed[] {
  const out: Placed[] = [];
  labels.x.tickvals.forEach((v, i) => {
    const left = a.left + ((v - a.x[0]) / (a.x[1] - a.x[0])) * a.width;
    if (left >= a.left - 0.5 && left <= a.left + a.width + 0.5)
      out.push({ axis: 'x', text: labels.x.ticktext[i] ?? '', left, top: a.top + a.height + 4 });
  });
  labels.y.tickvals.forEach((v, i) => {
    const top = a.top + (1 - (v - a.y[0]) / (a.y[1] - a.y[0])) * a.height;
    if (top >= a.top - 0.5 && top <= a.top + a.height + 0.5)
      out.push({ axis: 'y', text: labels.y.ticktext[i] ?? '', left: a.left - 4, top });
  });
  return out;
}

export function AxisTickLabels({ labels, area }: { readonly labels: AxisLabels; readonly area: TickArea }) {
  return (
    <div className="axis-tick-labels" aria-hidden="true">
      {placeLabels(labels, area).map((p) => (
        <span
          key={`${p.axis}${p.text}`}
          className={`axis-tick axis-tick-${p.axis}`}
          style={{
            position: 'absolute',
            left: p.left,
            top: p.top,
            fontSize: 11,
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
            transform: p.axis === 'x' ? 'translateX(-50%)' : 'translate(-100%, -50%)',
          }}
        >
          {p.text}
        </span>
      ))}
    </div>
  );
}

/** The labels on a canvas (PNG export). */
export function drawAxisLabels(ctx: CanvasRenderingContext2D, labels: AxisLabels, a: TickArea, colour: string): void {
  ctx.save();
  ctx.fillStyle = colour;
  ctx.font = '11px system-ui, sans-serif';
  for (const p of placeLabels(labels, a)) {
    ctx.textAlign = p.axis === 'x' ? 'center' : 'right';
    ctx.textBaseline = p.axis === 'x' ? 'top' : 'middle';
    ctx.fillText(p.text, p.left, p.top);
  }
  ctx.restore();
}

/** The labels as SVG text (SVG export). */
export function axisLabelsSvg(doc: Document, labels: AxisLabels, a: TickArea, colour: string): SVGGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const g = doc.createElementNS(ns, 'g');
  g.setAttribute('class', 'axis-tick-labels');
  g.setAttribute('font-family', 'system-ui, sans-serif');
  g.setAttribute('font-size', '11');
  g.setAttribute('fill', colour);
  for (const p of placeLabels(labels, a)) {
    const t = doc.createElementNS(ns, 'text');
    t.setAttribute('x', String(p.left));
    t.setAttribute('y', String(p.top));
    t.setAttribute('text-anchor', p.axis === 'x' ? 'middle' : 'end');
    t.setAttribute('dominant-baseline', p.axis === 'x' ? 'hanging' : 'middle');
    t.textContent = p.text;
    g.appendChild(t);
  }
  return g;
}
