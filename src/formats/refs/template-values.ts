/** The values and tokens of kerchunk's template expressions (template.ts): Python's int, float and str. */

/** A value inside an expression: Python's int, float and str. */
export type TemplateValue =
  | { readonly t: 'int'; readonly v: number }
  | { readonly t: 'float'; readonly v: number }
  | { readonly t: 'str'; readonly v: string };

/** A template that cannot be rendered (a syntax this reader refuses, an unknown name, a type error). */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

const TOKEN =
  /\s*(?:(\d+\.\d*(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)|(\d+)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|([A-Za-z_]\w*)|(\*\*|\/\/|[-+*/%~()|,=]))/y;

export type Token = { k: 'num' | 'int' | 'str' | 'name' | 'op'; s: string };

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  for (;;) {
    while (at < src.length && /\s/.test(src[at]!)) at++;
    if (at >= src.length) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(src);
    if (!m) throw new TemplateError(`Cannot read "${src.slice(at, at + 20)}" in the expression "${src}".`);
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) out.push({ k: 'num', s: m[1] });
    else if (m[2] !== undefined) out.push({ k: 'int', s: m[2] });
    else if (m[3] !== undefined) out.push({ k: 'str', s: m[3] });
    else if (m[4] !== undefined) out.push({ k: 'name', s: m[4] });
    else out.push({ k: 'op', s: m[5]! });
  }
  return out;
}

export const int = (v: number): TemplateValue => {
  if (!Number.isSafeInteger(v)) throw new TemplateError(`The integer ${v} is too large to be exact.`);
  return { t: 'int', v };
};

/** Python's `str()` of a value. */
export function show(x: TemplateValue): string {
  if (x.t === 'str') return x.v;
  if (x.t === 'int') return String(x.v);
  if (!Number.isFinite(x.v)) return Number.isNaN(x.v) ? 'nan' : x.v > 0 ? 'inf' : '-inf';
  return Number.isInteger(x.v) && Math.abs(x.v) < 1e16 ? `${x.v}.0` : String(x.v);
}

export function num(x: TemplateValue, op: string): number {
  if (x.t === 'str') throw new TemplateError(`"${op}" cannot take the string "${x.v}".`);
  return x.v;
}

function pyFormat(fmt: string, x: TemplateValue): string {
  let used = false;
  const s = fmt.replace(/%(0?)(\d{0,3})([dis%])/g, (_, zero: string, width: string, conv: string) => {
    if (conv === '%') return '%';
    if (used) throw new TemplateError(`"${fmt}" needs more than one value.`);
    used = true;
    const text = conv === 's' ? show(x) : String(Math.trunc(num(x, '%d')));
    const w = Number(width || 0);
    if (text.length >= w) return text;
    if (zero && conv !== 's') {
      const neg = text.startsWith('-');
      return (neg ? '-' : '') + '0'.repeat(w - text.length) + text.slice(neg ? 1 : 0);
    }
    return ' '.repeat(w - text.length) + text;
  });
  if (!used) throw new TemplateError(`"${fmt}" has no %d or %s for the value.`);
  return s;
}

export function binary(op: string, a: TemplateValue, b: TemplateValue): TemplateValue {
  if (op === '~') return { t: 'str', v: show(a) + show(b) };
  if (op === '+' && a.t === 'str' && b.t === 'str') return { t: 'str', v: a.v + b.v };
  if (op === '%' && a.t === 'str') return { t: 'str', v: pyFormat(a.v, b) };
  const x = num(a, op);
  const y = num(b, op);
  const ints = a.t === 'int' && b.t === 'int';
  const mk = (v: number): TemplateValue => (ints ? int(v) : { t: 'float', v });
  switch (op) {
    case '+':
      return mk(x + y);
    case '-':
      return mk(x - y);
    case '*':
      return mk(x * y);
    case '/':
      if (y === 0) throw new TemplateError('Division by zero.');
      return { t: 'float', v: x / y };
    case '//':
      if (y === 0) throw new TemplateError('Division by zero.');
      return mk(Math.floor(x / y));
    case '%':
      if (y === 0) throw new TemplateError('Division by zero.');
      return mk(x - Math.floor(x / y) * y);
    default:
      if (ints && y < 0) return { t: 'float', v: x ** y };
      return mk(x ** y);
  }
}

export function unquote(s: string): string {
  return s.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}
