import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  expectBuffers,
  giveBack,
  resetSpares,
  setSpareBusy,
  SPARE_MIN_BYTES,
  spareStats,
  takeBuffer,
  takeScratch,
} from './spare-buffers';

const MB = 1024 * 1024;

/** Runs the refills the module schedules at idle time (one buffer per task). */
async function idle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 350));
  for (let i = 0; i < 12; i++) await new Promise((r) => setTimeout(r, 0));
}

afterEach(() => resetSpares());

describe('spare buffers touched ahead of need', () => {
  it('makes the expected buffers at idle time and hands them out zeroed, at the exact size', async () => {
    expectBuffers([4 * MB, 4 * MB, 2 * MB]);
    expect(spareStats().count).toBe(0); // not before the page (or worker) is idle
    await idle();
    expect(spareStats()).toEqual({ count: 3, bytes: 10 * MB });
    const a = takeBuffer(4 * MB);
    expect(a.byteLength).toBe(4 * MB);
    expect(new Uint8Array(a).every((v) => v === 0)).toBe(true);
    expect(spareStats().count).toBe(2);
    // Taken, it is made again at the next idle time.
    await idle();
    expect(spareStats().count).toBe(3);
  });

  it('never hands out a used buffer with its old contents', async () => {
    const scratch = takeScratch(3 * MB);
    scratch.fill(7);
    giveBack(scratch.buffer as ArrayBuffer);
    const b = takeBuffer(3 * MB);
    expect(b).toBe(scratch.buffer);
    expect(new Uint8Array(b).every((v) => v === 0)).toBe(true);
  });

  it('gives scratch space of at least the size asked, from a spare no more than twice as big', async () => {
    expectBuffers([4 * MB]);
    await idle();
    const s = takeScratch(3 * MB);
    expect(s.length).toBe(3 * MB);
    expect(s.buffer.byteLength).toBe(4 * MB);
    expect(spareStats().count).toBe(0);
    expect(takeScratch(1 * MB).buffer.byteLength).toBe(1 * MB); // a fresh one: no spare fits
  });

  it('leaves small buffers alone and bounds what it keeps', async () => {
    const small = SPARE_MIN_BYTES - 1;
    expectBuffers([small]);
    await idle();
    expect(spareStats().count).toBe(0);
    expect(takeBuffer(small).byteLength).toBe(small);
    expectBuffers([64 * MB]); // bigger than any spare
    await idle();
    expect(spareStats().count).toBe(0);
    expectBuffers(Array.from({ length: 8 }, () => 8 * MB));
    await idle();
    expect(spareStats().bytes).toBeLessThanOrEqual(40 * MB);
    for (let i = 0; i < 10; i++) giveBack(new ArrayBuffer(8 * MB));
    expect(spareStats().bytes).toBeLessThanOrEqual(40 * MB);
  });

  it('does not keep a buffer that was moved to another thread', () => {
    const b = new ArrayBuffer(2 * MB);
    structuredClone(b, { transfer: [b] });
    giveBack(b);
    expect(spareStats().count).toBe(0);
  });

  it('waits while its thread is busy', async () => {
    let working = true;
    setSpareBusy(() => working);
    expectBuffers([2 * MB]);
    await idle();
    expect(spareStats().count).toBe(0);
    working = false;
    await idle();
    expect(spareStats().count).toBe(1);
  });

  it('remembers the most recent sizes only', async () => {
    vi.useFakeTimers();
    try {
      for (const n of [1, 2, 3, 4, 5, 6]) expectBuffers([n * MB]);
      vi.runAllTimers();
      const sizes = new Set<number>();
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const before = spareStats().count;
        takeBuffer(n * MB);
        if (spareStats().count < before) sizes.add(n);
      }
      expect([...sizes].sort()).toEqual([3, 4, 5, 6]);
    } finally {
      vi.useRealTimers();
    }
  });
});
