/** A small seeded random generator (mulberry32) for reproducible tests, fuzzing and fault injection. */
export type Rng = () => number;

/** Returns a generator of numbers in [0, 1) that repeats for the same `seed`. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
