/**
 * A parser of UDUNITS-2 unit expressions (the practical part of its grammar, as `ut_parse` reads them): numbers,
 * unit names and symbols (looked up by the caller), products (space, `.`, `*`, `·`), quotients (`/`, `per`),
 * integer powers (`m2`, `m-2`, `m^2`, `m**-2`), parentheses and a shift (`K @ 273.15`, `after`, `from`, `ref`,
 * `since` followed by a number). Logarithmic units (`lg(re 1 mW)`) and time units with a date are refused.
 */
import { MetadataError } from '../errors';

/** A unit as an affine map to SI base units: value in base units = `scale` × value + `offset`. */
export interface Unit {
  readonly scale: number;
  readonly offset: number;
  /** Powers of the base units m, kg, s, A, K, mol, cd. */
  readonly dims: readonly number[];
}

/** Why a units string cannot be used. */
export type UnitsProblem = 'syntax' | 'unknown' | 'logarithmic' | 'time' | 'incompatible';

/** A units string that does not parse, names no known unit, or cannot be converted to another one. */
export class UnitsError extends MetadataError {
  readonly problem: UnitsProblem;
  readonly units: string;
  constructor(problem: UnitsProblem, units: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'UnitsError';
    this.problem = problem;
    this.units = units;
  }
}

export const ONE: Unit = { scale: 1, offset: 0, dims: [0, 0, 0, 0, 0, 0, 0] };

export function multiply(a: Unit, b: Unit): Unit {
  return { scale: a.scale * b.scale, offset: 0, dims: a.dims.map((d, i) => d + (b.dims[i] ?? 0)) };
}

export function power(a: Unit, n: number): Unit {
  if (n === 1) return a;
  return { scale: a.scale ** n, offset: 0, dims: a.dims.map((d) => d * n) };
}

type Token =
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'id'; readonly text: string; readonly glued: boolean }
  | { readonly kind: 'op'; readonly text: string; readonly glued: boolean };

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const ID = /^(?:[\p{L}_°℃℉][\p{L}\p{N}_°]*|[%'"′″])/u;
const INTEGER = /^[+-]?\d+/;
const SHIFT = new Set(['@', 'after', 'from', 'ref', 'since']);
const DIVIDE = new Set(['/', 'per', 'PER']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let glued = false;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      glued = false;
      continue;
    }
    const prev = out[out.length - 1];
    // An integer right after a unit or a closing parenthesis is its power (`m2`, `s-1`, `(m/s)2`).
    const afterFactor = glued && prev && (prev.kind === 'id' || (prev.kind === 'op' && prev.text === ')'));
    const int = afterFactor ? INTEGER.exec(rest) : null;
    const num = NUMBER.exec(rest) ?? (/^[+-]/.test(rest) && !afterFactor ? /^[+-]/.exec(rest) : null);
    if (int) {
      out.push({ kind: 'op', text: '^', glued: true });
      out.push({ kind: 'number', value: Number(int[0]), text: int[0] });
      i += int[0].length;
    } else if (num && num[0] !== '+' && num[0] !== '-') {
      out.push({ kind: 'number', value: Number(num[0]), text: num[0] });
      i += num[0].length;
    } else if (num) {
      const signed = /^[+-](?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
      if (!signed) throw new UnitsError('syntax', text, `"${text}" is not a unit: a sign without a number.`);
      out.push({ kind: 'number', value: Number(signed[0]), text: signed[0] });
      i += signed[0].length;
    } else if (rest.startsWith('**')) {
      out.push({ kind: 'op', text: '^', glued });
      i += 2;
    } else if ('^/()@*.·'.includes(rest[0]!)) {
      const op = rest[0] === '*' || rest[0] === '·' ? '.' : rest[0]!;
      out.push({ kind: 'op', text: op, glued });
      i += 1;
    } else {
      const id = ID.exec(rest);
      if (!id) throw new UnitsError('syntax', text, `"${text}" is not a unit: unexpected "${rest[0]}".`);
      // A name does not end with digits: those are its power (`m2`, but `H2O`).
      const word = /^[%'"′″]$/.test(id[0]) ? id[0] : id[0].replace(/\d+$/, '');
      out.push({ kind: 'id', text: word, glued });
      i += word.length;
    }
    glued = true;
  }
  return out;
}

/**
 * Parses `text` into a unit, looking each name or symbol up with `lookup` (which throws for an unknown one).
 * @throws UnitsError
 */
export function parseExpression(text: string, lookup: (word: string) => Unit): Unit {
  const trimmed = text.trim();
  if (/^(lg|ln|lb|log)\s*\(\s*re\b/i.test(trimmed))
    throw new UnitsError('logarithmic', text, `"${text}" is a logarithmic unit; only linear units are converted.`);
  const tokens = tokenize(trimmed);
  let pos = 0;
  const peek = () => tokens[pos];
  const fail = (why: string): never => {
    throw new UnitsError('syntax', text, `"${text}" is not a unit: ${why}.`);
  };

  const startsFactor = (t: Token | undefined) =>
    t !== undefined && (t.kind === 'number' || t.kind === 'id' || (t.kind === 'op' && t.text === '('));

  function basic(): Unit {
    const t = tokens[pos++];
    if (!t) return fail('it ends too early');
    if (t.kind === 'number') return { scale: t.value, offset: 0, dims: ONE.dims };
    if (t.kind === 'id') {
      if (SHIFT.has(t.text) || DIVIDE.has(t.text)) return fail(`"${t.text}" in the wrong place`);
      return lookup(t.text);
    }
    if (t.text === '(') {
      const u = shifted();
      const close = tokens[pos++];
      if (!close || close.kind !== 'op' || close.text !== ')') fail('a parenthesis is not closed');
      return u;
    }
    return fail(`"${t.text}" in the wrong place`);
  }

  function powered(): Unit {
    const u = basic();
    const t = peek();
    if (t?.kind === 'op' && t.text === '^') {
      pos++;
      const n = tokens[pos++];
      if (!n || n.kind !== 'number' || !Number.isInteger(n.value)) return fail('a power is not an integer');
      return power(u, n.value);
    }
    return u;
  }

  function product(): Unit {
    let u = powered();
    for (;;) {
      const t = peek();
      if (t?.kind === 'op' && t.text === '.') {
        pos++;
        u = multiply(u, powered());
      } else if ((t?.kind === 'op' && t.text === '/') || (t?.kind === 'id' && DIVIDE.has(t.text))) {
        pos++;
        u = multiply(u, power(powered(), -1));
      } else if (startsFactor(t) && !(t?.kind === 'id' && SHIFT.has(t.text))) {
        u = multiply(u, powered());
      } else return u;
    }
  }

  function shifted(): Unit {
    const u = product();
    const t = peek();
    if ((t?.kind === 'op' && t.text === '@') || (t?.kind === 'id' && SHIFT.has(t.text))) {
      pos++;
      const n = tokens[pos++];
      const after = tokens[pos];
      // A date (`days since 2000-01-01`) makes a time unit: dates are compared by `link.ts`, not converted here.
      if (!n || n.kind !== 'number' || (after && after.kind === 'number'))
        throw new UnitsError('time', text, `"${text}" is a time unit with a reference date; it is not converted.`);
      return { scale: u.scale, offset: u.scale * n.value + u.offset, dims: u.dims };
    }
    return u;
  }

  if (trimmed === '') return ONE;
  const unit = shifted();
  if (pos < tokens.length) fail(`"${tokens[pos]!.text}" in the wrong place`);
  return unit;
}
