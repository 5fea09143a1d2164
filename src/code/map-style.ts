/**
 * The Map's colouring as matplotlib/healpy arguments: the viewer's colour maps by matplotlib's names (the same
 * stops: `greys` runs black → white as matplotlib's `gray`, `rdbu` blue → red as `RdBu_r`), inverted with `_r`,
 * the fixed colour range as `clim` (healpy's `min`/`max`), and the log and symlog scales as norms.
 */
import { pyStr } from './python';

/** How the Map colours its values (the view's options). */
export interface MapStyle {
  /** The viewer's colour map (`ColormapName`). */
  readonly colormap: string;
  readonly invert: boolean;
  /** `linear`, `log` or `symlog` (`ScaleName`). */
  readonly scale: string;
  /** The fixed colour range, or null for the data's own range. */
  readonly range: readonly [number, number] | null;
  /** The Map's centre [lon, lat] (the orthographic view's, or the central meridian). */
  readonly center: readonly [number, number];
}

export const DEFAULT_STYLE: MapStyle = {
  colormap: 'viridis',
  invert: false,
  scale: 'linear',
  range: null,
  center: [0, 0],
};

/** matplotlib's name of each viewer colour map, as drawn (not inverted). */
const MATPLOTLIB: Readonly<Record<string, string>> = {
  viridis: 'viridis',
  magma: 'magma',
  inferno: 'inferno',
  plasma: 'plasma',
  cividis: 'cividis',
  greys: 'gray',
  rdbu: 'RdBu_r',
};

/** A Python float literal. */
export const pyFloat = (x: number): string =>
  Number.isFinite(x) ? (Number.isInteger(x) ? `${x}.0` : String(x)) : `float(${pyStr(String(x))})`;

/** The matplotlib colour map name of a style (`"viridis_r"` when inverted). */
export function cmapName(style: MapStyle): string {
  const name = MATPLOTLIB[style.colormap] ?? 'viridis';
  if (!style.invert) return name;
  return name.endsWith('_r') ? name.slice(0, -2) : `${name}_r`;
}

/**
 * matplotlib keyword arguments of a collection's colouring: `cmap`, and `norm` (with the range) or `clim`. The
 * symlog threshold is the viewer's: 1/1000 of the largest magnitude of the range (or of the values).
 */
export function matplotlibColour(style: MapStyle, values = 'values'): { lines: string[]; args: string[] } {
  const cmap = `cmap=${pyStr(cmapName(style))}`;
  const r = style.range;
  const lo = r ? pyFloat(r[0]) : `float(np.nanmin(${values}))`;
  const hi = r ? pyFloat(r[1]) : `float(np.nanmax(${values}))`;
  if (style.scale === 'log') {
    const min = r ? lo : `float(np.nanmin(np.where(${values} > 0, ${values}, np.nan)))`;
    return {
      lines: [`norm = matplotlib.colors.LogNorm(vmin=${min}, vmax=${hi})  # the Map's log scale`],
      args: [cmap, 'norm=norm'],
    };
  }
  if (style.scale === 'symlog')
    return {
      lines: [
        `lo, hi = ${lo}, ${hi}`,
        "# The Map's symlog scale: linear within 1/1000 of the largest magnitude.",
        'norm = matplotlib.colors.SymLogNorm(linthresh=max(abs(lo), abs(hi)) / 1000 or 1.0, vmin=lo, vmax=hi)',
      ],
      args: [cmap, 'norm=norm'],
    };
  return { lines: [], args: r ? [cmap, `clim=(${lo}, ${hi})`] : [cmap] };
}

/**
 * healpy keyword arguments of the colouring (`cmap`, `min`/`max`, `norm="log"`), lines that prepare the map `m`
 * for them (the log scale draws no value ≤ 0: healpy's log norm refuses them), and a note for what healpy lacks.
 */
export function healpyColour(style: MapStyle): { args: string[]; lines: string[]; notes: string[] } {
  const args = [`cmap=${pyStr(cmapName(style))}`];
  if (style.range) args.push(`min=${pyFloat(style.range[0])}`, `max=${pyFloat(style.range[1])}`);
  const log = style.scale === 'log';
  if (log) args.push('norm="log"');
  const lines = log ? ["m[m <= 0] = hp.UNSEEN  # the Map's log scale draws no value ≤ 0"] : [];
  const notes =
    style.scale === 'symlog'
      ? ["# healpy has no symmetric log scale: the Map's symlog colours are drawn linear here."]
      : [];
  return { args, lines, notes };
}
