/**
 * A variable's `C_format` attribute, as ncdump prints its data with it (dumplib.c get_fmt: a char attribute of
 * 1–99 bytes is the printf format of every value; `-p` overrides it for float and double). One conversion with
 * literal text around it, `%[flags][width][.precision][length]conv`, printed byte for byte as glibc prints it:
 * flags `- + space # 0`, `d i u o x X` for integer variables, `f F e E g G` for float and double ones (the exact
 * binary value rounded half to even). A format that passes the wrong kind of argument (undefined behaviour in C),
 * has several conversions or a `*` width is not used: the value prints as without the attribute.
 */
import { exactDigits, formatG } from './number';

export interface CFormat {
  readonly before: string;
  readonly after: string;
  readonly flags: string;
  readonly width: number;
  readonly precision: number | undefined;
  /** Bits of the integer printf reads (`hh` 8, `h` 16, none 32, `l`/`ll`/`j`/`q` 64). */
  readonly bits: number;
  readonly conv: string;
}

const SPEC = /%([-+ #0]*)(\d*)(?:\.(\d*))?(hh|h|ll|l|L|q|j|z|t)?([diouxXfFeEgGaAcspn%])/g;
const INTEGER_CONV = new Set(['d', 'i', 'u', 'o', 'x', 'X']);
const FLOAT_CONV = new Set(['f', 'F', 'e', 'E', 'g', 'G']);
const LENGTH_BITS: Partial<Record<string, number>> = { hh: 8, h: 16, '': 32, l: 64, ll: 64, j: 64, q: 64 };

/** Unescapes the literal parts: `%%` is one `%`. */
const literal = (s: string): string => s.replace(/%%/g, '%');

/** The format, if it has exactly one conversion this printer can apply to values of `type`. */
export function parseCFormat(text: string, type: string): CFormat | undefined {
  if (text.length === 0 || text.length >= 100) return undefined;
  const specs = [...text.matchAll(SPEC)].filter((m) => m[5] !== '%');
  if (specs.length !== 1) return undefined;
  const m = specs[0]!;
  // Any other `%` must be a `%%`.
  const rest = text.slice(0, m.index) + text.slice(m.index + m[0].length);
  if (rest.replace(/%%/g, '').includes('%')) return undefined;
  const conv = m[5]!;
  const isFloat = type === 'float' || type === 'double';
  const isInt = ['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64'].includes(type);
  const length = m[4] ?? '';
  const bits = LENGTH_BITS[length];
  if (isFloat ? !FLOAT_CONV.has(conv) || (length !== '' && length !== 'l') : !isInt || !INTEGER_CONV.has(conv))
    return undefined;
  // A 64-bit value needs a 64-bit conversion and a smaller one (promoted to int) one that is not.
  if (isInt && (bits === undefined || (bits === 64) !== (type === 'int64' || type === 'uint64'))) return undefined;
  return {
    before: literal(text.slice(0, m.index)),
    after: literal(text.slice(m.index + m[0].length)),
    flags: m[1] ?? '',
    width: m[2] ? Number(m[2]) : 0,
    precision: m[3] === undefined ? undefined : Number(m[3] || '0'),
    bits: bits ?? 32,
    conv,
  };
}

/** `x` (finite) as `%.<p>f` from its exact binary value, rounded half to even, without a sign. */
function fixed(x: number, p: number, alt: boolean): string {
  const ax = Math.abs(x);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, ax);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const be = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  const m = be === 0 ? frac : frac | (1n << 52n);
  const q = be === 0 ? -1074 : be - 1075;
  // ax = n / 10^s exactly.
  const s = q >= 0 ? 0 : -q;
  const n = q >= 0 ? m << BigInt(q) : m * 5n ** BigInt(s);
  let scaled: bigint;
  if (s <= p) scaled = n * 10n ** BigInt(p - s);
  else {
    const div = 10n ** BigInt(s - p);
    scaled = n / div;
    const r = n % div;
    const twice = 2n * r;
    if (twice > div || (twice === div && scaled % 2n === 1n)) scaled += 1n;
  }
  const digits = scaled.toString().padStart(p + 1, '0');
  const int = digits.slice(0, digits.length - p);
  const fr = digits.slice(digits.length - p);
  return p === 0 ? `${int}${alt ? '.' : ''}` : `${int}.${fr}`;
}

/** `%.<p>e` of a finite x without its sign. */
function exponent(x: number, p: number, alt: boolean, upper: boolean): string {
  let digits: string;
  let e: number;
  if (x === 0) {
    digits = '0'.repeat(p + 1);
    e = 0;
  } else ({ digits, e } = exactDigits(x, p + 1));
  const mant = p === 0 ? `${digits}${alt ? '.' : ''}` : `${digits.charAt(0)}.${digits.slice(1)}`;
  const ae = Math.abs(e);
  return `${mant}${upper ? 'E' : 'e'}${e < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
}

function pad(sign: string, body: string, f: CFormat, zeroAllowed: boolean): string {
  const len = sign.length + body.length;
  if (len >= f.width) return sign + body;
  const fill = f.width - len;
  if (f.flags.includes('-')) return sign + body + ' '.repeat(fill);
  if (f.flags.includes('0') && zeroAllowed) return sign + '0'.repeat(fill) + body;
  return ' '.repeat(fill) + sign + body;
}

function signOf(negative: boolean, f: CFormat): string {
  if (negative) return '-';
  if (f.flags.includes('+')) return '+';
  return f.flags.includes(' ') ? ' ' : '';
}

function floatText(x: number, f: CFormat): string {
  const alt = f.flags.includes('#');
  const p = f.precision ?? 6;
  const negative = x < 0 || Object.is(x, -0);
  let body: string;
  const c = f.conv.toLowerCase();
  if (c === 'f') body = fixed(x, p, alt);
  else if (c === 'e') body = exponent(Math.abs(x), p, alt, f.conv === 'E');
  else {
    body = formatG(Math.abs(x), p, alt);
    if (f.conv === 'G') body = body.toUpperCase();
  }
  return pad(signOf(negative, f), body, f, true);
}

function integerText(x: bigint, f: CFormat): string {
  const unsigned = f.conv !== 'd' && f.conv !== 'i';
  // printf converts the argument to the conversion's type (`%hd` of 40000 is -25536, `%u` of -1 is 4294967295).
  const v = unsigned ? BigInt.asUintN(f.bits, x) : BigInt.asIntN(f.bits, x);
  const negative = v < 0n;
  const mag = negative ? -v : v;
  const radix = f.conv === 'o' ? 8 : f.conv === 'x' || f.conv === 'X' ? 16 : 10;
  let digits = mag.toString(radix);
  if (f.conv === 'X') digits = digits.toUpperCase();
  if (f.precision !== undefined) digits = f.precision === 0 && mag === 0n ? '' : digits.padStart(f.precision, '0');
  if (f.flags.includes('#')) {
    if (f.conv === 'o' && !digits.startsWith('0')) digits = `0${digits}`;
    else if (mag !== 0n && (f.conv === 'x' || f.conv === 'X')) digits = `0${f.conv}${digits}`;
  }
  const sign = unsigned ? '' : signOf(negative, f);
  return pad(sign, digits, f, f.precision === undefined);
}

/** One value printed with the format (a finite number or an integer). */
export function formatC(x: number | bigint, type: string, f: CFormat): string {
  const body =
    typeof x === 'bigint' || INTEGER_CONV.has(f.conv)
      ? integerText(typeof x === 'bigint' ? x : BigInt(Math.trunc(x)), f)
      : floatText(type === 'float' ? Math.fround(x) : x, f);
  return f.before + body + f.after;
}
