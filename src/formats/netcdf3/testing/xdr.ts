/** Big-endian (XDR) writing of netCDF-3 headers for tests that make files of their own. */
export interface XdrWriter {
  /** The bytes written so far. */
  readonly out: number[];
  /** A 32-bit unsigned integer. */
  u32(n: number): void;
  /** A netCDF-3 name: its length, its bytes, padded to 4. */
  name(s: string): void;
}

export function xdrWriter(): XdrWriter {
  const out: number[] = [];
  const u32 = (n: number) => {
    out.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  };
  const name = (s: string) => {
    u32(s.length);
    for (const c of s) out.push(c.charCodeAt(0));
    while (out.length % 4) out.push(0);
  };
  return { out, u32, name };
}
