/**
 * C printf `%g` / `%#g` in TypeScript, and the number forms ncdump prints: attributes use `%#.7g` (float, then
 * `f`) and `%#.15g` (double) with trailing zeros trimmed but the point kept (`1.`, `1.e+30f`); data use
 * `%.7g` / `%.15g`. Integer suffixes in attributes: `b s UB US U LL ULL`.
 */

/** C `%.<prec>g` (alt: `%#.<prec>g`). */
export function formatG(x: number, prec: number, alt = false): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const p = prec === 0 ? 1 : prec;
  if (x === 0) {
    const neg = Object.is(x, -0) ? '-' : '';
    return alt ? `${neg}0.${'0'.repeat(p - 1)}`.replace(/\.$/, '.') : `${neg}0`;
  }
  const exp = x.toExponential(p - 1); // d.ddde±x, correctly rounded
  const e = Number(exp.slice(exp.indexOf('e') + 1));
  let out: string;
  if (e < -4 || e >= p) {
    let mant = exp.slice(0, exp.indexOf('e'));
    if (!alt && mant.includes('.')) mant = mant.replace(/0+$/, '').replace(/\.$/, '');
    if (alt && !mant.includes('.')) mant += '.';
    const ae = Math.abs(e);
    out = `${mant}e${e < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
  } else {
    out = x.toFixed(Math.max(0, p - 1 - e));
    if (!alt && out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
    if (alt && !out.includes('.')) out += '.';
  }
  return out;
}

/** ncdump's tztrim: drop trailing zeros after the point (before any exponent), keep the point. */
export function trimZeros(s: string): string {
  const m = /^(-?\d*\.\d*?)0+((?:e[-+]\d+)?)$/.exec(s);
  return m ? `${m[1]}${m[2]}` : s;
}

/** A float attribute value: `1.5f`, `1.e+30f`, `NaNf`. */
export function floatAttr(x: number): string {
  if (!Number.isFinite(x)) return `${formatG(x, 7)}f`;
  return `${trimZeros(formatG(Math.fround(x), 7, true))}f`;
}

/** A double attribute value: `0.1`, `1.`, `1.e+300`. */
export function doubleAttr(x: number): string {
  if (!Number.isFinite(x)) return formatG(x, 15);
  return trimZeros(formatG(x, 15, true));
}

/** Float data; ncdump appends `f` to non-finite floats (`Infinityf`, `NaNf`). */
export const floatData = (x: number): string => (Number.isFinite(x) ? formatG(Math.fround(x), 7) : `${formatG(x, 7)}f`);
export const doubleData = (x: number): string => formatG(x, 15);

const SUFFIX: Record<string, string> = {
  byte: 'b',
  short: 's',
  int: '',
  ubyte: 'UB',
  ushort: 'US',
  uint: 'U',
  int64: 'LL',
  uint64: 'ULL',
};

/** An integer attribute value with its CDL type suffix. */
export function intAttr(x: number | bigint, type: string): string {
  return `${x.toString()}${SUFFIX[type] ?? ''}`;
}
