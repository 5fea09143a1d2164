import { Cursor, type Format } from './cursor.ts';
import type { PageCache } from './page-cache.ts';

/** Bounds that keep a hostile file from costing unbounded time or memory. */
export interface Limits {
  /** Levels of a B-tree or nested heap block. */
  readonly maxDepth: number;
  /** Nodes or blocks one walk may read. */
  readonly maxNodes: number;
  /** Continuation blocks of one object header. */
  readonly maxContinuations: number;
  /** Messages of one object header. */
  readonly maxMessages: number;
  /** Elements decoded for one attribute or value read. */
  readonly maxElements: number;
  /** Bytes of one metadata structure (object header block, heap block, B-tree node). */
  readonly maxStructureBytes: number;
  /** Chunks one listing may return. */
  readonly maxChunks: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxDepth: 48,
  maxNodes: 1_000_000,
  maxContinuations: 4096,
  maxMessages: 65_536,
  maxElements: 16_000_000,
  maxStructureBytes: 64 * 1024 * 1024,
  maxChunks: 10_000_000,
};

/** What every parser needs: the file's sizes, the page cache and the limits. */
export class Context {
  constructor(
    readonly cache: PageCache,
    readonly format: Format,
    readonly limits: Limits,
    readonly signal: AbortSignal | undefined,
  ) {}

  /** A cursor over `length` bytes at the absolute `address`. */
  async cursor(address: number, length: number, structure: string): Promise<Cursor> {
    if (length > this.limits.maxStructureBytes) {
      throw new Cursor(new Uint8Array(0), address, structure, this.format).fail(
        `${length} bytes is more than the ${this.limits.maxStructureBytes} bytes allowed for one structure`,
      );
    }
    const bytes = await this.cache.read(address, length, structure, this.signal);
    return new Cursor(bytes, address, structure, this.format);
  }

  /** Like `cursor`, but shortened to what is left of the file (for structures whose length is found by parsing). */
  async cursorUpTo(address: number, length: number, structure: string): Promise<Cursor> {
    const n = Math.max(0, Math.min(length, this.cache.limit - address));
    return this.cursor(address, n, structure);
  }
}
