import { describe, expect, it } from 'vitest';
import { decodeEscaped, encodeEscaped } from './utf8';

describe('UTF-8 with escaped bytes', () => {
  it('decodes valid text as it is and gives back every byte of invalid text', () => {
    const cases = [
      [0x61, 0xce, 0x9a, 0x62],
      [0xce],
      [0x61, 0xff, 0xfe, 0x00, 0x62],
      [0xe2, 0x82],
      [0xed, 0xa0, 0x80],
      [0xf0, 0x9f, 0x92, 0xa5, 0x80],
    ];
    for (const c of cases) {
      const b = Uint8Array.from(c);
      expect([...encodeEscaped(decodeEscaped(b))]).toEqual(c);
    }
    expect(decodeEscaped(Uint8Array.from([0x61, 0xce, 0x9a]))).toBe('aΚ');
    expect(decodeEscaped(Uint8Array.from([0xce, 0x41]))).toBe('\udcceA');
  });
});
