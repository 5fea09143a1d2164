/**
 * kerchunk's templates, read without `eval`: the `{{ expression }}` parts of a jinja2 template, as fsspec's
 * `ReferenceFileSystem` renders them in `gen` entries and template URLs. Expressions: names (a `gen`
 * dimension, a template), integer, float and quoted string literals, `+ - * / // % **` with Python's
 * meaning, `~` (string concatenation), unary `-`/`+`, parentheses, `'%05d' % i` formatting, the `int` and
 * `string` filters (`i | string`), and calls of function templates with keyword arguments (`u(c=1)`, a
 * template whose value holds `{{`). Anything else (jinja `{% %}` statements, attribute access, other filters)
 * is refused with a `TemplateError`: a reference set needing it cannot be read exactly, so it is not guessed.
 *
 * @example
 * renderTemplate('{{ 100 + i * 8 }}', { i: 3 }) // '124'
 */

import {
  binary,
  int,
  num,
  show,
  TemplateError,
  tokenize,
  unquote,
  type TemplateValue,
  type Token,
} from './template-values';

export { show, TemplateError, type TemplateValue } from './template-values';

/** What names mean while rendering: dimension values (numbers, strings) and templates (strings). */
export type TemplateVars = Readonly<Record<string, number | string>>;

/** Longest template text rendered (a bound on work per key; kerchunk's templates are short). */
export const MAX_TEMPLATE = 4096;

/** How an expression is evaluated: with the names' values, at a depth of template calls, under a work bound. */
interface Scope {
  readonly vars: TemplateVars;
  readonly depth: number;
  readonly work: { calls: number };
}

/** A parsed expression. */
type Expr = (scope: Scope) => TemplateValue;

/** A recursive-descent parser into closures (Python's precedence: `**` > unary > `* / // %` > `+ - ~`). */
class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  run(): Expr {
    const e = this.filtered();
    if (this.i < this.toks.length) throw new TemplateError(`Unexpected "${this.toks[this.i]!.s}".`);
    return e;
  }

  private peek(s: string): boolean {
    const t = this.toks[this.i];
    return t !== undefined && t.k === 'op' && t.s === s;
  }

  private expect(s: string): void {
    if (!this.peek(s)) throw new TemplateError(`Expected "${s}".`);
    this.i++;
  }

  private filtered(): Expr {
    let e = this.sum();
    while (this.peek('|')) {
      this.i++;
      const f = this.toks[this.i++];
      const inner = e;
      if (f?.s === 'string') e = (c) => ({ t: 'str', v: show(inner(c)) });
      else if (f?.s === 'int')
        e = (c) => {
          const v = inner(c);
          return v.t === 'str' ? int(parseInt(v.v, 10) || 0) : int(Math.trunc(v.v));
        };
      else throw new TemplateError(`The filter "${f?.s ?? ''}" is not read here (only "int" and "string").`);
    }
    return e;
  }

  private binaries(ops: readonly string[], next: () => Expr): Expr {
    let e = next();
    while (ops.some((op) => this.peek(op))) {
      const op = this.toks[this.i++]!.s;
      const [a, b] = [e, next()];
      e = (c) => binary(op, a(c), b(c));
    }
    return e;
  }

  private sum(): Expr {
    return this.binaries(['+', '-', '~'], () => this.product());
  }

  private product(): Expr {
    return this.binaries(['*', '/', '//', '%'], () => this.unary());
  }

  private unary(): Expr {
    if (this.peek('-') || this.peek('+')) {
      const op = this.toks[this.i++]!.s;
      const v = this.unary();
      if (op === '-') return (c) => binary('-', { t: 'int', v: 0 }, v(c));
      return (c) => {
        const x = v(c);
        num(x, op);
        return x;
      };
    }
    const base = this.atom();
    if (this.peek('**')) {
      this.i++;
      const exp = this.unary();
      return (c) => binary('**', base(c), exp(c));
    }
    return base;
  }

  private atom(): Expr {
    const t = this.toks[this.i++];
    if (!t) throw new TemplateError('The expression ends too soon.');
    if (t.k === 'int') {
      const v = int(Number(t.s));
      return () => v;
    }
    if (t.k === 'num') return () => ({ t: 'float', v: Number(t.s) });
    if (t.k === 'str') {
      const v: TemplateValue = { t: 'str', v: unquote(t.s) };
      return () => v;
    }
    if (t.k === 'op' && t.s === '(') {
      const e = this.filtered();
      this.expect(')');
      return e;
    }
    if (t.k !== 'name') throw new TemplateError(`Unexpected "${t.s}".`);
    const name = t.s;
    const lookup = (c: Scope) => {
      if (!Object.prototype.hasOwnProperty.call(c.vars, name)) throw new TemplateError(`"${name}" is not defined.`);
      return c.vars[name]!;
    };
    if (this.peek('(')) return this.call(name, lookup);
    return (c) => {
      const value = lookup(c);
      if (typeof value === 'number') return Number.isInteger(value) ? int(value) : { t: 'float', v: value };
      return { t: 'str', v: value };
    };
  }

  /** `name(k=v, …)`: the template `name` rendered with the keyword arguments (fsspec's function templates). */
  private call(name: string, lookup: (c: Scope) => number | string): Expr {
    this.expect('(');
    const args: [string, Expr][] = [];
    while (!this.peek(')')) {
      const k = this.toks[this.i++];
      if (k?.k !== 'name' || !this.peek('=')) throw new TemplateError(`${name}(…) takes keyword arguments only.`);
      this.i++;
      args.push([k.s, this.sum()]);
      if (!this.peek(',')) break;
      this.i++;
    }
    this.expect(')');
    return (c) => {
      const template = lookup(c);
      if (typeof template !== 'string') throw new TemplateError(`"${name}" is not a template.`);
      const kwargs: Record<string, number | string> = {};
      for (const [k, e] of args) kwargs[k] = e(c).v;
      if (c.depth > 4 || ++c.work.calls > 1000) throw new TemplateError('Templates call each other too much.');
      return { t: 'str', v: render(template, kwargs, c.depth + 1, c.work) };
    };
  }
}

/** A template cut into its text and its parsed expressions. */
type Compiled = readonly (string | Expr)[];

const compiled = new Map<string, Compiled>();

function compile(template: string): Compiled {
  const known = compiled.get(template);
  if (known) return known;
  if (template.length > MAX_TEMPLATE) throw new TemplateError(`A template is longer than ${MAX_TEMPLATE} characters.`);
  if (template.includes('{%') || template.includes('{#'))
    throw new TemplateError('jinja statements ({% %}) and comments are not read here.');
  const parts: (string | Expr)[] = [];
  let at = 0;
  for (;;) {
    const open = template.indexOf('{{', at);
    if (open < 0) break;
    const close = template.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError(`"{{" without "}}" in "${template}".`);
    if (open > at) parts.push(template.slice(at, open));
    parts.push(new Parser(tokenize(template.slice(open + 2, close))).run());
    at = close + 2;
  }
  if (at < template.length) parts.push(template.slice(at));
  if (compiled.size > 256) compiled.clear();
  compiled.set(template, parts);
  return parts;
}

function render(template: string, vars: TemplateVars, depth: number, work: { calls: number }): string {
  let out = '';
  const scope: Scope = { vars, depth, work };
  for (const part of compile(template)) {
    out += typeof part === 'string' ? part : show(part(scope));
    if (out.length > MAX_TEMPLATE * 4) throw new TemplateError('A template renders to too long a text.');
  }
  return out;
}

/** Renders a jinja-like template; throws `TemplateError`. */
export function renderTemplate(template: string, vars: TemplateVars): string {
  return render(template, vars, 0, { calls: 0 });
}
