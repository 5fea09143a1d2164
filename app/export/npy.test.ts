import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeNpy } from './npy';

const ref = (name: string) => new Uint8Array(readFileSync(new URL(`./testdata/${name}`, import.meta.url)));

/** Reference files written by numpy.save (testdata/, numpy 1.24). */
describe('writeNpy', () => {
  it.each([
    ['f8_2x3.npy', new Float64Array([1.5, -2, 3, 4, 5e300, -0]), [2, 3], false],
    ['i2_4.npy', new Int16Array([1, -2, 300, -32768]), [4], false],
    ['u1_scalar.npy', new Uint8Array([7]), [], false],
    ['i8_2x2.npy', new BigInt64Array([2n ** 62n, -1n, 0n, 5n]), [2, 2], false],
    ['b1_3.npy', [true, false, true], [3], false],
    ['U_2.npy', ['ab', 'ü€x'], [2], false],
    ['c8_2.npy', new Float32Array([1, 2, 3, -4]), [2], true],
    ['f4_big.npy', Float32Array.from({ length: 3000 }, (_, i) => i), [1000, 3], false],
  ] as const)('matches numpy for %s', (name, data, shape, complex) => {
    const out = writeNpy(data as never, shape, complex);
    const expected = ref(name);
    const text = (b: Uint8Array) => new TextDecoder('latin1').decode(b.subarray(10, 10 + (b[8]! | (b[9]! << 8))));
    expect(text(out).trim()).toBe(text(expected).trim());
    expect((10 + text(out).length) % 64).toBe(0);
    const body = (b: Uint8Array) => Array.from(b.subarray(10 + (b[8]! | (b[9]! << 8))));
    expect(body(out)).toEqual(body(expected));
  });
});
