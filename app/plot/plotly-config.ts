/**
 * Plotly's config for every plot of the viewer. Nothing leaves the page: no "Share chart" (plotly's upload to its
 * cloud), no "Edit in Chart Studio", no "Produced with Plotly" link; plotly's own PNG button is not offered either
 * (the Export bar makes the picture as shown, pixels included). The mode bar keeps what the plots use — zoom, pan,
 * zoom in and out, reset axes — and stays out of the Tab order: the plots have their own keys, and eight buttons per
 * plot would stand between the controls and the rest of the page.
 */

/** The mode bar's buttons, one group. */
export const MODE_BAR_BUTTONS = [['zoom2d', 'pan2d', 'zoomIn2d', 'zoomOut2d', 'resetScale2d']] as const;

export const PLOT_CONFIG = {
  responsive: true,
  displaylogo: false,
  showSendToCloud: false,
  showEditInChartStudio: false,
  showLink: false,
  modeBarButtons: MODE_BAR_BUTTONS,
} as const;

/** Takes the mode bar's buttons of a drawn plot out of the Tab order (plotly makes them anew when they change). */
export function untabModeBar(el: HTMLElement): void {
  for (const b of el.querySelectorAll('.modebar-btn')) b.setAttribute('tabindex', '-1');
}
