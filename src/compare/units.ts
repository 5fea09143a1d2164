/**
 * Units of two variables compared, and values converted between compatible units, with UDUNITS-2's definitions:
 * the unit table (`tables/udunits-defs.json`) is made from Debian's libudunits2-data XML database by
 * `scripts/fixtures/make-compare-units.py` and resolved here (never read from /usr/share at run time). Names are
 * looked up case-insensitively (with plurals), symbols exactly, then with a prefix (name or symbol) on either, as
 * `ut_parse` does. Units convert when their powers of the base units agree (dimensionless units such as the
 * radian count for nothing, as in UDUNITS-2); an offset (`degC`, `degF`) applies only to a unit on its own.
 *
 * @example
 * unitsConversion('degC', 'K').convert(15) // 288.15
 * unitsConversion('kg m-2 s-1', 'mm/day') // throws UnitsError (problem: 'incompatible')
 */
import table from './tables/udunits-defs.json';
import { ONE, UnitsError, multiply, parseExpression, type Unit } from './units-parse';

export { UnitsError, type Unit, type UnitsProblem } from './units-parse';

interface Entry {
  readonly def: string | null;
  readonly names: readonly string[];
  readonly symbols: readonly string[];
  readonly base?: number;
}

const ENTRIES = table.units as readonly Entry[];
const BY_NAME = new Map<string, Entry>();
const BY_SYMBOL = new Map<string, Entry>();
for (const e of ENTRIES) {
  for (const n of e.names) if (!BY_NAME.has(n.toLowerCase())) BY_NAME.set(n.toLowerCase(), e);
  for (const s of e.symbols) if (!BY_SYMBOL.has(s)) BY_SYMBOL.set(s, e);
}
const PREFIXES = Object.entries(table.prefixes as Record<string, number>).sort((a, b) => b[0].length - a[0].length);
const resolved = new Map<Entry, Unit>();
const resolving = new Set<Entry>();

function resolveEntry(e: Entry, word: string): Unit {
  const done = resolved.get(e);
  if (done) return done;
  let unit: Unit;
  if (e.base !== undefined) unit = { scale: 1, offset: 0, dims: ONE.dims.map((_, i) => (i === e.base ? 1 : 0)) };
  else {
    if (resolving.has(e)) throw new UnitsError('syntax', word, `The definition of "${word}" refers to itself.`);
    resolving.add(e);
    try {
      unit = parseExpression(e.def ?? '1', lookupWord);
    } finally {
      resolving.delete(e);
    }
  }
  resolved.set(e, unit);
  return unit;
}

function entryOf(word: string): Entry | undefined {
  return BY_NAME.get(word.toLowerCase()) ?? BY_SYMBOL.get(word);
}

function lookupWord(word: string): Unit {
  const e = entryOf(word);
  if (e) return resolveEntry(e, word);
  for (const [prefix, value] of PREFIXES) {
    const isName = prefix.length > 1 && /^[a-z]+$/.test(prefix);
    const matches = isName ? word.toLowerCase().startsWith(prefix) : word.startsWith(prefix);
    if (!matches || word.length === prefix.length) continue;
    const rest = entryOf(word.slice(prefix.length));
    if (rest) return multiply({ scale: value, offset: 0, dims: ONE.dims }, resolveEntry(rest, word));
  }
  throw new UnitsError('unknown', word, `"${word}" is not a unit UDUNITS-2 knows.`);
}

/**
 * The unit of a units string (`''` is dimensionless 1).
 * @throws UnitsError for a string that does not parse, an unknown name, a logarithmic or a time unit.
 */
export function parseUnits(text: string): Unit {
  try {
    return parseExpression(text, lookupWord);
  } catch (e) {
    if (e instanceof UnitsError && e.units !== text) {
      const why = e.problem === 'unknown' ? `"${e.units}" is not a unit UDUNITS-2 knows` : e.message;
      throw new UnitsError(e.problem, text, `The units "${text}" cannot be read: ${why}.`.replace('..', '.'), e);
    }
    throw e;
  }
}

/** Whether two units measure the same quantity (their base-unit powers agree). */
export function sameDimension(a: Unit, b: Unit): boolean {
  return a.dims.every((d, i) => Math.abs(d - (b.dims[i] ?? 0)) < 1e-12);
}

const BASE = table.base as readonly string[];

/** A unit's base units as text (`m-1 kg s-2`), for messages. */
export function dimensionText(u: Unit): string {
  const parts = BASE.flatMap((s, i) => {
    const p = u.dims[i] ?? 0;
    return p === 0 ? [] : [p === 1 ? s : `${s}${p}`];
  });
  return parts.length ? parts.join(' ') : '1 (dimensionless)';
}

/** How values in `from` become values in `to`: `to = from × scale + offset`. */
export interface UnitsConversion {
  readonly from: string;
  readonly to: string;
  readonly scale: number;
  readonly offset: number;
  /** The units are the same (or both missing): values are left as they are. */
  readonly identity: boolean;
  /** Text for a view: `°C → K: x + 273.15`, or `no conversion`. */
  readonly text: string;
  convert(value: number): number;
}

function conversionText(from: string, to: string, scale: number, offset: number): string {
  const s = scale === 1 ? 'x' : `${scale} × x`;
  const o = offset === 0 ? '' : offset > 0 ? ` + ${offset}` : ` − ${-offset}`;
  return `${from} → ${to}: ${s}${o}`;
}

/**
 * How to convert values from the units `from` to the units `to`.
 * @throws UnitsError `incompatible` when they measure different quantities (with a message for the user), or
 *   the problem of a units string that cannot be read.
 */
export function unitsConversion(from: string, to: string): UnitsConversion {
  const a = parseUnits(from);
  const b = parseUnits(to);
  if (!sameDimension(a, b))
    throw new UnitsError(
      'incompatible',
      `${from} → ${to}`,
      `"${from}" (${dimensionText(a)}) cannot be converted to "${to}" (${dimensionText(b)}): they measure different quantities, so their difference is not computed.`,
    );
  const scale = a.scale / b.scale;
  const offset = (a.offset - b.offset) / b.scale;
  // Exact when the units are the same up to rounding of their definitions.
  const identity = Math.abs(scale - 1) < 1e-15 && Math.abs(offset) < 1e-12;
  return {
    from,
    to,
    scale: identity ? 1 : scale,
    offset: identity ? 0 : offset,
    identity,
    text: identity ? 'no conversion' : conversionText(from, to, scale, offset),
    convert: identity ? (x) => x : (x) => x * scale + offset,
  };
}

/**
 * The conversion of B's values into A's units, from the two variables' `units` attributes. Missing units on both
 * sides is no conversion; on one side only, B's values are taken as they are and `note` says so.
 */
export function unitsForDifference(
  unitsA: string | undefined,
  unitsB: string | undefined,
): { readonly conversion: UnitsConversion; readonly note: string | null } {
  if (unitsA === undefined || unitsB === undefined) {
    const note =
      unitsA === unitsB
        ? null
        : `${unitsA === undefined ? 'A' : 'B'} has no units: its values are taken to be in ${unitsA ?? unitsB}.`;
    const u = unitsA ?? unitsB ?? '';
    return { conversion: unitsConversion(u, u), note };
  }
  return { conversion: unitsConversion(unitsB, unitsA), note: null };
}

/** Converts values (NaN stays NaN) into a new Float64Array; the same array when no conversion is needed. */
export function convertValues<T extends Float32Array | Float64Array>(
  values: T,
  conversion: UnitsConversion,
): T | Float64Array {
  if (conversion.identity) return values;
  const out = new Float64Array(values.length);
  const { scale, offset } = conversion;
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * scale + offset;
  return out;
}
