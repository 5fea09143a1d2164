// plotly.js-cartesian-dist-min ships no types; this is the small part the app uses.
declare module 'plotly.js-cartesian-dist-min' {
  export interface PlotlyHTMLElement extends HTMLElement {
    on(event: string, cb: (e: unknown) => void): void;
  }
  const Plotly: {
    react(
      el: HTMLElement,
      data: unknown[],
      layout: Record<string, unknown>,
      config?: Record<string, unknown>,
    ): Promise<PlotlyHTMLElement>;
    purge(el: HTMLElement): void;
    newPlot(
      el: HTMLElement,
      data: unknown[],
      layout: Record<string, unknown>,
      config?: Record<string, unknown>,
    ): Promise<PlotlyHTMLElement>;
    toImage(
      el: HTMLElement,
      opts: { format: 'png' | 'svg'; width?: number; height?: number; scale?: number },
    ): Promise<string>;
    Plots: { resize(el: HTMLElement): void };
  };
  export default Plotly;
}
