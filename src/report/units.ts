/**
 * Whether a `units` string parses as UDUNITS-2 would (the CF rule): products and quotients of numbers and unit
 * names or symbols from UDUNITS-2's XML database (`tables/udunits.json`), each optionally prefixed (`k`, `milli`)
 * and raised to an integer power (`m2`, `m-2`, `m^2`, `m**2`). Time units (`<unit> since <date>`) are the CF
 * module's business. The verdicts are compared with Debian `udunits2` in the tests.
 */
import table from './tables/udunits.json';

const NAMES = new Set<string>([...table.names, ...table.symbols]);
const PREFIXES = [...table.prefix_names, ...table.prefix_symbols].sort((a, b) => b.length - a.length);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function isUnit(word: string): boolean {
  if (NAMES.has(word)) return true;
  for (const p of PREFIXES)
    if (word.length > p.length && word.startsWith(p) && NAMES.has(word.slice(p.length))) return true;
  return false;
}

function factorParses(token: string): boolean {
  if (NUMBER.test(token)) return true;
  if (isUnit(token)) return true;
  const m = /^(.*?[^\d+-])([+-]?\d+)$/.exec(token);
  return m !== null && isUnit(m[1] ?? '');
}

/** Whether `units` (not a time unit) is a valid UDUNITS-2 expression. The empty string is dimensionless (valid). */
export function unitsParse(units: string): boolean {
  const s = units
    .trim()
    .replace(/\*\*|\^/g, '')
    .replace(/[()]/g, ' ')
    .replace(/(?<=[A-Za-z_%])\.|\.(?=[A-Za-z_%])/g, ' ');
  if (s === '') return units.trim() === '';
  const tokens = s.split(/[\s*/·]+/).filter(Boolean);
  if (tokens.length === 0) return false;
  return tokens.every(factorParses);
}
