/**
 * UTF-8 that keeps every byte: valid sequences decode as text; each byte of an invalid one becomes the lone
 * surrogate U+DC80 + byte (Python's "surrogateescape"), so that a writer can put the original bytes back.
 * netcdf-c hands text around as bytes and ncdump prints invalid UTF-8 as it is: the CLI writes these bytes
 * unchanged (`encodeEscaped`), the viewer shows them as replacement characters.
 */
import { concatBytes } from '../bytes';

const fatal = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** Length of the valid UTF-8 sequence starting at `i`, or 0. */
function sequence(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n <= 1 || i + n > b.length) return n > 1 ? 0 : n;
  for (let k = 1; k < n; k++) if (((b[i + k] as number) & 0xc0) !== 0x80) return 0;
  const c1 = b[i + 1] as number;
  if (
    (c === 0xe0 && c1 < 0xa0) ||
    (c === 0xed && c1 >= 0xa0) ||
    (c === 0xf0 && c1 < 0x90) ||
    (c === 0xf4 && c1 >= 0x90)
  )
    return 0;
  return n;
}

/** Decodes UTF-8, invalid bytes as U+DC80–U+DCFF. */
export function decodeEscaped(b: Uint8Array): string {
  try {
    return fatal.decode(b);
  } catch {
    let out = '';
    let from = 0;
    for (let i = 0; i < b.length;) {
      const n = sequence(b, i);
      if (n > 0) {
        i += n;
        continue;
      }
      out += lenient.decode(b.subarray(from, i)) + String.fromCharCode(0xdc00 + (b[i] as number));
      from = ++i;
    }
    return out + lenient.decode(b.subarray(from));
  }
}

/** Encodes text as UTF-8, lone surrogates U+DC80–U+DCFF back to the bytes they stand for. */
export function encodeEscaped(s: string): Uint8Array {
  if (!/[\udc80-\udcff]/.test(s)) return encoder.encode(s);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const lone =
      c >= 0xdc80 && c <= 0xdcff && !(i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff);
    if (!lone) continue;
    parts.push(encoder.encode(s.slice(from, i)), Uint8Array.of(c - 0xdc00));
    from = i + 1;
  }
  parts.push(encoder.encode(s.slice(from)));
  return concatBytes(parts);
}
