/**
 * The height of a plot in the display: the window's height less the room kept above it (the header, the display's
 * title and toolbar rows, one row of dimension sliders), so that the plot is whole on screen without scrolling; never
 * under 320 px. `styles.css` holds the same rule as `--plot-h`, and the plot drawn off screen while the page is idle
 * (plot/plot-warm.ts) takes its height from here: a first heatmap of that height keeps the figure drawn then.
 */
export const PLOT_MIN_PX = 320;
/** The room above the plot; in a narrow window (a phone: the rows wrap), more. */
export const PLOT_CHROME_PX = 236;
export const NARROW_CHROME_PX = 300;
/** styles.css's narrow layout: `@media (max-width: 760px)`. */
export const NARROW_MAX_WIDTH = 760;

/** The plot height in a window of `innerWidth` × `innerHeight` CSS pixels (styles.css `--plot-h`). */
export function plotAreaHeight(innerWidth: number, innerHeight: number): number {
  const chrome = innerWidth <= NARROW_MAX_WIDTH ? NARROW_CHROME_PX : PLOT_CHROME_PX;
  return Math.max(PLOT_MIN_PX, innerHeight - chrome);
}
