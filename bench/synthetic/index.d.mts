// Types of bench/synthetic/index.mjs for TypeScript callers (the e2e static server, specs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

export const HEIGHT: number;
export const WIDTH: number;
export const LEVELS: number;
export const CHUNK: number;
export function bump(t: number): number;
/** f(y, x) at level-0 cell (y, x), a float32 value (see field.mjs for the formula). */
export function f(y: number, x: number): number;
/** Level k cell (i, j): f(i · 2^k, j · 2^k). */
export function levelValue(k: number, i: number, j: number): number;
export function levelShape(k: number): [number, number];
export function chunkGrid(k: number, chunk?: number): [number, number];
export function chunkValues(k: number, ci: number, cj: number, chunk?: number): Float32Array;

export const DATASETS: Record<string, Record<string, number>>;
export function metadataDocs(name: string): Record<string, unknown> | null;

export interface SyntheticPath {
  dataset: string;
  key: string;
  array: string | null;
  level: number | null;
  i: number | null;
  j: number | null;
}
export function parsePath(path: string): SyntheticPath | null;
/** geo-pyramid.zarr's coordinates of level k along `axis` (degrees). */
export function geoCoordinates(k: number, axis: 'lat' | 'lon'): Float64Array;

export interface SyntheticStore {
  stats: { made: number; hits: number };
  get(
    path: string,
  ): Promise<{ body: Buffer; type: string; chunk: { level: number; i: number; j: number } | null } | null>;
}
export function createSyntheticStore(options?: { cacheBytes?: number }): SyntheticStore;

/** One request: times in ms since the epoch; `lastByte` when its last byte left (null: the client went away). */
export interface SyntheticLogEntry {
  time: number;
  path: string;
  dataset: string | null;
  key: string | null;
  level: number | null;
  i: number | null;
  j: number | null;
  status: number;
  bytes: number;
  lastByte: number | null;
}

export interface Synthetic {
  store: SyntheticStore;
  log: SyntheticLogEntry[];
  handle(
    req: IncomingMessage | Http2ServerRequest,
    res: ServerResponse | Http2ServerResponse,
    path: string,
  ): Promise<SyntheticLogEntry>;
}
export function createSynthetic(options?: { cacheBytes?: number }): Synthetic;
