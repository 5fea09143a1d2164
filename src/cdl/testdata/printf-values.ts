/**
 * Values for the printf property test (src/cdl/number.test.ts), generated deterministically: random bit patterns,
 * subnormals, powers of two and ten, the types' edges, exact decimal ties at each precision's cut (|x| = m·2^-j
 * whose decimal expansion has p+1 digits ending in 5) and values around the switch from fixed to exponent form
 * (`9…95e±k`), each with its neighbours.
 */

/** mulberry32: a small seeded generator of 32-bit words. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export interface Kind {
  /** Mantissa bits (24 for float, 53 for double). */
  readonly bits: number;
  readonly round: (x: number) => number;
  /** The next representable value towards +∞ (`dir` 1) or −∞ (`dir` -1). */
  readonly step: (x: number, dir: 1 | -1) => number;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

export const FLOAT: Kind = {
  bits: 24,
  round: Math.fround,
  step(x, dir) {
    f32[0] = x;
    if (x === 0) u32[0] = dir > 0 ? 1 : 0x80000001;
    else u32[0] = (u32[0] ?? 0) + (x > 0 === dir > 0 ? 1 : -1);
    return f32[0] ?? 0;
  },
};

export const DOUBLE: Kind = {
  bits: 53,
  round: (x) => x,
  step(x, dir) {
    f64[0] = x;
    if (x === 0) u64[0] = dir > 0 ? 1n : 0x8000000000000001n;
    else u64[0] = (u64[0] ?? 0n) + (x > 0 === dir > 0 ? 1n : -1n);
    return f64[0] ?? 0;
  },
};

/** A random BigInt in [lo, hi]. */
function between(next: () => number, lo: bigint, hi: bigint): bigint {
  const r = (BigInt(next()) << 32n) | BigInt(next());
  return lo + (r % (hi - lo + 1n));
}

/** Exact ties at precision p: |x| = m·2^-j, m odd, m·5^j with p+1 digits; integers (2n+1)·5^(t+1)·2^t too. */
export function ties(kind: Kind, p: number, perShape: number, next: () => number): number[] {
  const out: number[] = [];
  const max = (1n << BigInt(kind.bits)) - 1n;
  const lo10 = 10n ** BigInt(p);
  const hi10 = 10n ** BigInt(p + 1) - 1n;
  for (let j = 1; 5n ** BigInt(j) <= hi10; j++) {
    const five = 5n ** BigInt(j);
    const lo = (lo10 + five - 1n) / five;
    const hi = hi10 / five < max ? hi10 / five : max;
    if (lo > hi) continue;
    for (let k = 0; k < perShape; k++) {
      let m = between(next, lo, hi);
      if (m % 2n === 0n) m = m + 1n <= hi ? m + 1n : m - 1n;
      if (m >= lo) out.push(Number(m) * 2 ** -j);
    }
  }
  for (let t = 0; t < 40; t++) {
    const five = 5n ** BigInt(t + 1);
    // (2n+1)·5^(t+1) must have p+1 digits after dividing out 10^t, i.e. 10n+5 with n of p digits.
    for (let k = 0; k < perShape; k++) {
      const n = between(next, p === 1 ? 1n : 10n ** BigInt(p - 1), 10n ** BigInt(p) - 1n);
      const odd = (10n * n + 5n) / 5n; // 2n+1
      if (odd * five > max) break;
      out.push(Number((10n * n + 5n) * 10n ** BigInt(t)));
    }
  }
  return out.map(kind.round);
}

/** Values around the switch between fixed and exponent form and other `9…9` carries: `9…95e(e-p)`. */
export function carries(kind: Kind, p: number): number[] {
  const out: number[] = [];
  const [lo, hi] = kind.bits === 24 ? [-46, 39] : [-324, 308];
  for (let e = lo; e <= hi; e++) out.push(kind.round(Number(`${'9'.repeat(p)}5e${e - p}`)));
  return out;
}

/** x, its neighbours at one and two steps, and the negatives of all. */
export function around(kind: Kind, xs: readonly number[]): number[] {
  const out: number[] = [];
  for (const x of xs) {
    const a = kind.step(x, -1);
    const b = kind.step(x, 1);
    for (const v of [kind.step(a, -1), a, x, b, kind.step(b, 1)]) if (Number.isFinite(v)) out.push(v, -v);
  }
  return out;
}

/** Random finite values of every exponent (uniform bit patterns), `n` of them. */
export function randomBits(kind: Kind, n: number, next: () => number): number[] {
  const out: number[] = [];
  while (out.length < n) {
    if (kind.bits === 24) {
      u32[0] = next();
      if (Number.isFinite(f32[0])) out.push(f32[0] ?? 0);
    } else {
      u64[0] = (BigInt(next()) << 32n) | BigInt(next());
      if (Number.isFinite(f64[0])) out.push(f64[0] ?? 0);
    }
  }
  return out;
}

/** Values as data hold them: short decimals and values of moderate exponent. */
export function ordinary(kind: Kind, n: number, next: () => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = next();
    const digits = r % 10_000_000;
    if (i % 2 === 0) out.push(kind.round(Number(`${digits}e${(next() % 30) - 20}`)));
    else out.push(kind.round((next() / 2 ** 32 + 1) * 2 ** ((r % 120) - 60)));
  }
  return out;
}

/** Subnormals: the smallest and largest `ends` of them, and a random sample of `n`. */
export function subnormals(kind: Kind, ends: number, n: number, next: () => number): number[] {
  const out: number[] = [];
  const tiny = kind.bits === 24 ? 2 ** -149 : 2 ** -1074;
  const count = 2 ** (kind.bits - 1); // subnormals are k·tiny, 0 < k < count
  for (let k = 1; k <= ends; k++) out.push(k * tiny, (count - k) * tiny);
  for (let i = 0; i < n; i++) {
    const k = kind.bits === 24 ? (next() % (count - 1)) + 1 : ((next() % 2 ** 20) * 2 ** 32 + next()) % (count - 1);
    out.push(Math.max(1, k) * tiny);
  }
  return out;
}

/** Powers of two and ten and the types' edges (max, min normal, min subnormal, 1, 0). */
export function landmarks(kind: Kind): number[] {
  const out: number[] = [0, 1];
  const [minE, maxE] = kind.bits === 24 ? [-149, 127] : [-1074, 1023];
  for (let e = minE; e <= maxE; e++) out.push(2 ** e);
  const [min10, max10] = kind.bits === 24 ? [-45, 38] : [-323, 308];
  for (let e = min10; e <= max10; e++) out.push(kind.round(Number(`1e${e}`)));
  out.push(kind.bits === 24 ? 3.4028234663852886e38 : Number.MAX_VALUE, 2 ** (kind.bits === 24 ? -126 : -1022));
  return out;
}
