/**
 * Assembly of decoded chunks into the C-order result: strided copies honouring each chunk's own strides (C or F
 * or transposed), and fill-value writes for missing or failed chunks.
 */
import type { SliceData } from '../api';
import { type Dtype, type NumericValues, type Values, isStringKind, lanes, valuesCtor } from '../codecs/dtype';
import type { DecodedChunk } from '../codecs/pipeline';
import type { FillValue } from '../model/types';
import type { ChunkTask, DimRange } from './plan';

export type Output = NumericValues | string[];

/** Allocates the result buffer for `n` elements. */
export function allocate(d: Dtype, n: number): Output {
  if (isStringKind(d)) return new Array<string>(n).fill('');
  const Ctor = valuesCtor(d);
  return new Ctor(n * lanes(d));
}

/** C-order strides of the result over all dimensions (dropped ones have count 1). */
export function outputStrides(ranges: readonly DimRange[]): number[] {
  const s = new Array<number>(ranges.length);
  let acc = 1;
  for (let d = ranges.length - 1; d >= 0; d--) {
    s[d] = acc;
    acc *= (ranges[d] as DimRange).count;
  }
  return s;
}

type Scalar = number | bigint | string;

/** The fill value as stored in the result (per lane for complex). */
export function fillScalars(d: Dtype, fill: FillValue): Scalar[] {
  if (isStringKind(d)) return [typeof fill === 'string' ? fill : ''];
  const big =
    d.itemSize === 8 && (d.kind === 'int' || d.kind === 'uint' || d.kind === 'datetime' || d.kind === 'timedelta');
  const toNum = (v: unknown): number =>
    typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : typeof v === 'bigint' ? Number(v) : 0;
  if (d.kind === 'complex') {
    const pair = Array.isArray(fill) ? fill : [toNum(fill), 0];
    return [toNum(pair[0]), toNum(pair[1])];
  }
  if (big) {
    if (typeof fill === 'bigint') return [fill];
    if (typeof fill === 'number' && Number.isInteger(fill)) return [BigInt(fill)];
    return [0n];
  }
  return [toNum(fill)];
}

/**
 * Copies the part of `src` that `task` covers into `out`, or writes `fill` there when `src` is null.
 * `ranges` gives the per-dimension step; `outStride` the result's C strides (over all dimensions).
 */
export function assemble(
  out: Output,
  outStride: readonly number[],
  ranges: readonly DimRange[],
  task: ChunkTask,
  src: DecodedChunk | null,
  fill: readonly Scalar[],
  nLanes: number,
): void {
  let outBase = 0;
  let srcBase = 0;
  const counts: number[] = [];
  const oStep: number[] = [];
  const sStep: number[] = [];
  for (let d = 0; d < task.pieces.length; d++) {
    const p = task.pieces[d] as ChunkTask['pieces'][number];
    const os = outStride[d] as number;
    const ss = src ? (src.stride[d] as number) : 0;
    outBase += p.outStart * os;
    srcBase += p.local * ss;
    if (p.count === 1) continue; // a single index: only its offset matters
    const step = ss * (ranges[d] as DimRange).step;
    const r = counts.length - 1;
    // Contiguous in the output and in the chunk with the dimension before it: one longer run.
    if (r >= 0 && (oStep[r] as number) === os * p.count && (sStep[r] as number) === step * p.count) {
      counts[r] = (counts[r] as number) * p.count;
      oStep[r] = os;
      sStep[r] = step;
      continue;
    }
    counts.push(p.count);
    oStep.push(os);
    sStep.push(step);
  }
  const rank = counts.length;
  const innerCount = rank === 0 ? 1 : (counts[rank - 1] as number);
  const innerO = rank === 0 ? 0 : (oStep[rank - 1] as number);
  const innerS = rank === 0 ? 0 : (sStep[rank - 1] as number);
  const outArr = out as unknown as { [i: number]: Scalar; set?: (a: ArrayLike<Scalar>, o: number) => void };
  const data = src?.data as (Values & { subarray?: (a: number, b: number) => ArrayLike<Scalar> }) | undefined;
  const contiguous = data !== undefined && innerO === 1 && innerS === 1 && !Array.isArray(data);
  const idx = new Array<number>(Math.max(0, rank - 1)).fill(0);
  let o = outBase;
  let s = srcBase;
  for (;;) {
    if (!data) {
      for (let i = 0, oo = o * nLanes; i < innerCount; i++, oo += innerO * nLanes) {
        for (let l = 0; l < nLanes; l++) outArr[oo + l] = fill[l] as Scalar;
      }
    } else if (contiguous && outArr.set && data.subarray) {
      outArr.set(data.subarray(s * nLanes, (s + innerCount) * nLanes), o * nLanes);
    } else {
      const dv = data as unknown as ArrayLike<Scalar>;
      if (nLanes === 1) {
        for (let i = 0, oo = o, ss = s; i < innerCount; i++, oo += innerO, ss += innerS) outArr[oo] = dv[ss] as Scalar;
      } else {
        for (let i = 0, oo = o * 2, ss = s * 2; i < innerCount; i++, oo += innerO * 2, ss += innerS * 2) {
          outArr[oo] = dv[ss] as Scalar;
          outArr[oo + 1] = dv[ss + 1] as Scalar;
        }
      }
    }
    // odometer over the outer dimensions
    let d = rank - 2;
    while (d >= 0) {
      idx[d] = (idx[d] as number) + 1;
      o += oStep[d] as number;
      s += sStep[d] as number;
      if ((idx[d] as number) < (counts[d] as number)) break;
      o -= (oStep[d] as number) * (counts[d] as number);
      s -= (sStep[d] as number) * (counts[d] as number);
      idx[d] = 0;
      d--;
    }
    if (d < 0) break;
  }
}

/** The result as the API exposes it: booleans as `boolean[]`, everything else as is. */
export function finish(out: Output, d: Dtype): SliceData {
  if (d.kind === 'bool') return Array.from(out as Uint8Array, (v) => v !== 0);
  return out as SliceData;
}

/** Whether a chunk task takes every element of its chunk, in unit steps, from the start of the result on. */
export function takesWholeChunk(ranges: readonly DimRange[], task: ChunkTask): boolean {
  return task.pieces.every((p, d) => p.local === 0 && p.outStart === 0 && (ranges[d]!.step === 1 || p.count <= 1));
}

/**
 * The decoded values of `src` as the whole result, without a copy, when the selection is exactly that one chunk
 * in C order (every element, unit steps, the chunk's own C strides, a numeric type stored as the result is);
 * otherwise null. The result then shares its buffer with the chunk cache: readers never write into slices.
 */
export function wholeChunkView(
  d: Dtype,
  ranges: readonly DimRange[],
  task: ChunkTask,
  src: DecodedChunk | null,
  n: number,
): Output | null {
  if (!src || Array.isArray(src.data) || isStringKind(d) || d.kind === 'bool') return null;
  const data = src.data as NumericValues;
  if (!(data instanceof valuesCtor(d)) || data.length !== n * lanes(d) || !takesWholeChunk(ranges, task)) return null;
  let acc = 1;
  for (let k = task.pieces.length - 1; k >= 0; k--) {
    if (src.stride[k] !== acc) return null;
    acc *= (task.pieces[k] as ChunkTask['pieces'][number]).count;
  }
  return acc === n ? data : null;
}
