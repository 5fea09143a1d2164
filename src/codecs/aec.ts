/**
 * CCSDS 121.0-B adaptive entropy decoding (Rice coding), as libaec's `aec_buffer_decode` does it for szip: blocks
 * of `blockSize` samples, each an option id (zero block, second extension, split with k bits, uncompressed),
 * grouped in reference sample intervals (RSI) of `rsi` blocks; with the preprocessor (NN), the first sample of an
 * RSI is a reference and the others are mapped differences of unsigned samples. Samples of 1–8, 9–16 and 17–32
 * bits come out as 1, 2 and 4 bytes, most significant byte first when `msb`.
 *
 * The whole stream is in hand, so blocks are decoded whole; decoding stops when `outBytes` are written. A stream
 * that ends early or breaks the format throws `AecError`; nothing allocated depends on the stream's contents.
 */

export class AecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AecError';
  }
}

export interface AecParams {
  /** 1–32. */
  readonly bitsPerSample: number;
  /** Samples per block (szip: an even number up to 32). */
  readonly blockSize: number;
  /** Blocks per reference sample interval. */
  readonly rsi: number;
  readonly msb: boolean;
  /** The NN preprocessor: reference samples and mapped differences. */
  readonly preprocess: boolean;
}

/** Zero-block count that means "the rest of the segment" (remainder of segment). */
const ROS = 5;
/** The largest fundamental-sequence value a second-extension pair may have. */
const SE_TABLE_SIZE = 90;

/** Second extension: for a value m, the pair sum `beta` and the first m of that sum. */
const SE_BETA = new Int32Array(SE_TABLE_SIZE + 1);
const SE_MS = new Int32Array(SE_TABLE_SIZE + 1);
for (let i = 0, k = 0; i < 13; i++) {
  const ms = k;
  for (let j = 0; j <= i; j++, k++) {
    if (k > SE_TABLE_SIZE) break;
    SE_BETA[k] = i;
    SE_MS[k] = ms;
  }
}

/** Bits of a byte stream, most significant first; reading past its end throws `AecError`. */
export class BitReader {
  private pos = 0;
  private readonly end: number;
  constructor(private readonly bytes: Uint8Array) {
    this.end = bytes.length * 8;
  }

  /** `n` bits (0–32), most significant first. */
  read(n: number): number {
    if (this.pos + n > this.end) throw new AecError('The compressed stream ends before its last block.');
    let v = 0;
    let pos = this.pos;
    while (n > 0) {
      const avail = 8 - (pos & 7);
      const take = avail < n ? avail : n;
      const bits = ((this.bytes[pos >> 3] as number) >> (avail - take)) & ((1 << take) - 1);
      v = v * (1 << take) + bits;
      pos += take;
      n -= take;
    }
    this.pos = pos;
    return v;
  }

  /** A fundamental sequence: the count of 0 bits before the next 1 bit (which is consumed). */
  fs(): number {
    let count = 0;
    let pos = this.pos;
    for (;;) {
      if (pos >= this.end) throw new AecError('The compressed stream ends inside a fundamental sequence.');
      const shift = pos & 7;
      const byte = ((this.bytes[pos >> 3] as number) << shift) & 0xff;
      if (byte === 0) {
        count += 8 - shift;
        pos += 8 - shift;
        continue;
      }
      const zeros = Math.clz32(byte) - 24;
      count += zeros;
      this.pos = pos + zeros + 1;
      return count;
    }
  }
}

/** Decodes `input` to `outBytes` bytes. */
export function aecDecode(input: Uint8Array, outBytes: number, p: AecParams): Uint8Array {
  const n = p.bitsPerSample;
  const J = p.blockSize;
  if (!(n >= 1 && n <= 32) || !(J >= 1 && J <= 64) || !(p.rsi >= 1 && p.rsi <= 4096))
    throw new AecError(`The parameters (${n} bits, blocks of ${J}, ${p.rsi} blocks per interval) are invalid.`);
  const bytesPerSample = n > 16 ? 4 : n > 8 ? 2 : 1;
  if (outBytes % bytesPerSample !== 0)
    throw new AecError(`${outBytes} bytes are not a whole number of ${bytesPerSample}-byte samples.`);
  const idLen = n > 16 ? 5 : n > 8 ? 4 : 3;
  const idUncompressed = (1 << idLen) - 1;
  const xmax = n === 32 ? 0xffffffff : 2 ** n - 1;
  const rsiSize = p.rsi * J;
  const total = outBytes / bytesPerSample;
  const out = new Uint8Array(outBytes);
  const buf = new Uint32Array(rsiSize);
  const reader = new BitReader(input);
  let written = 0;

  const put = (s: number) => {
    let at = written * bytesPerSample;
    written++;
    if (bytesPerSample === 1) out[at] = s;
    else if (bytesPerSample === 2) {
      out[at++] = p.msb ? s >>> 8 : s;
      out[at] = p.msb ? s : s >>> 8;
    } else if (p.msb) {
      out[at++] = s >>> 24;
      out[at++] = s >>> 16;
      out[at++] = s >>> 8;
      out[at] = s;
    } else {
      out[at++] = s;
      out[at++] = s >>> 8;
      out[at++] = s >>> 16;
      out[at] = s >>> 24;
    }
  };

  // libaec's flush: samples as they are, or, with the preprocessor, the reference then the unmapped differences.
  const flush = (count: number) => {
    if (!p.preprocess) {
      for (let i = 0; i < count; i++) put(buf[i] as number);
      return;
    }
    let data = buf[0] as number;
    put(data);
    const med = Math.floor(xmax / 2) + 1;
    for (let i = 1; i < count; i++) {
      const d = buf[i] as number;
      const halfD = (d >>> 1) + (d & 1);
      const mask = (data & med) !== 0 ? xmax : 0;
      if (halfD <= (mask ^ data) >>> 0) data = d & 1 ? (data - halfD) >>> 0 : (data + (d >>> 1)) >>> 0;
      else data = (mask ^ d) >>> 0;
      put(data);
    }
  };

  while (written < total) {
    let used = 0;
    const want = Math.min(rsiSize, total - written);
    for (let block = 0; used < want; block++) {
      const ref = p.preprocess && block === 0 ? 1 : 0;
      const id = reader.read(idLen);
      if (id === 0) {
        const secondExtension = reader.read(1) === 1;
        if (ref) buf[used++] = reader.read(n);
        if (secondExtension) {
          for (let i = ref; i < J;) {
            const m = reader.fs();
            if (m > SE_TABLE_SIZE) throw new AecError('A second-extension block holds an impossible value.');
            const d1 = m - (SE_MS[m] as number);
            if ((i & 1) === 0) {
              buf[used++] = (SE_BETA[m] as number) - d1;
              i++;
            }
            buf[used++] = d1;
            i++;
          }
        } else {
          let zeroBlocks = reader.fs() + 1;
          if (zeroBlocks === ROS) {
            const b = Math.floor(used / J);
            zeroBlocks = Math.min(p.rsi - b, 64 - (b % 64));
          } else if (zeroBlocks > ROS) zeroBlocks--;
          const zeros = zeroBlocks * J - ref;
          if (rsiSize - used < zeros) throw new AecError('A run of zero blocks goes past its interval.');
          buf.fill(0, used, used + zeros);
          used += zeros;
          block += zeroBlocks - 1;
        }
      } else if (id === idUncompressed) {
        for (let i = 0; i < J; i++) buf[used++] = reader.read(n);
      } else {
        const k = id - 1;
        if (ref) buf[used++] = reader.read(n);
        const start = used;
        for (let i = ref; i < J; i++) buf[used++] = (reader.fs() << k) >>> 0;
        if (k > 0) for (let i = start; i < used; i++) buf[i] = ((buf[i] as number) + reader.read(k)) >>> 0;
      }
    }
    flush(want);
  }
  return out;
}
