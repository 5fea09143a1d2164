/**
 * Memory touched ahead of need for the big buffers of a read (decompressed chunks, a compressed chunk's bytes,
 * slice images). A new buffer's pages are mapped on their first write, one fault per 4 KiB page: on some machines
 * (virtual ones whose host maps guest memory lazily) that costs ~15 ms for 4 MB, measured in a decode worker in
 * Chromium — more than decoding the chunk, and paid again for every buffer, since each freed one goes back to the
 * system. Here buffers of the sizes a worker needs are made and touched when it has nothing to do (`expectBuffers`,
 * and again after each one is taken), so that a chunk arriving finds its memory ready.
 *
 * `takeBuffer` gives a zeroed buffer of exactly the size asked (a spare, else a new one): the same as
 * `new ArrayBuffer(bytes)` to its caller. `takeScratch` gives working space of at least the size asked, to be
 * given back (`giveBack`) when done. Both only for big sizes; the spares are bounded in size and count.
 */

/** Smaller buffers fault in well under a millisecond: not worth keeping. */
export const SPARE_MIN_BYTES = 512 * 1024;
/** Largest buffer kept as a spare, and most bytes kept in all. */
const SPARE_MAX_BYTES = 16 * 1024 * 1024;
const SPARES_MAX_TOTAL = 40 * 1024 * 1024;
/** Sizes remembered as needed (most recent last), each with how many spares of it to keep. */
const WANTED_SIZES = 4;

const spares: ArrayBuffer[] = [];
const wanted = new Map<number, number>();
let total = 0;
let scheduled = false;
/** Whether the thread is in the middle of something (a chunk arriving): spares are then made later. */
let busy: () => boolean = () => false;
/**
 * How long the thread must have been free (no buffer asked for, not busy) before spares are made: the page is then
 * drawing what the last buffers were for, and on two cores the spares' page faults would take the core it needs.
 */
const SETTLE_MS = 300;
/** When a buffer was last asked for or the thread last seen busy. */
let lastUse = -Infinity;
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Tells the module how to know that its thread is busy (the decode worker: a fetch or stream under way). */
export function setSpareBusy(test: () => boolean): void {
  busy = test;
}

const worth = (bytes: number) => bytes >= SPARE_MIN_BYTES && bytes <= SPARE_MAX_BYTES;

/** Remembers that `count` buffers of `bytes` are needed at a time (the most recent sizes are kept). */
function want(bytes: number, count: number): void {
  if (!worth(bytes)) return;
  const had = wanted.get(bytes) ?? 0;
  wanted.delete(bytes);
  wanted.set(bytes, Math.max(had, count));
  while (wanted.size > WANTED_SIZES) wanted.delete(wanted.keys().next().value as number);
}

/** Says which big buffers a coming read will need (e.g. its chunks' decoded size): spares are made at idle time. */
export function expectBuffers(sizes: readonly number[]): void {
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [s, n] of counts) want(s, n);
  scheduleRefill(SETTLE_MS);
}

function takeSpare(fits: (b: ArrayBuffer) => boolean): ArrayBuffer | null {
  let best = -1;
  for (let i = 0; i < spares.length; i++)
    if (fits(spares[i]!) && (best < 0 || spares[i]!.byteLength < spares[best]!.byteLength)) best = i;
  if (best < 0) return null;
  const [b] = spares.splice(best, 1);
  total -= b!.byteLength;
  return b!;
}

/** A zeroed buffer of `bytes`: a spare touched ahead of time when there is one. */
export function takeBuffer(bytes: number): ArrayBuffer {
  if (!worth(bytes)) return new ArrayBuffer(bytes);
  want(bytes, 1);
  lastUse = now();
  scheduleRefill(SETTLE_MS);
  const spare = takeSpare((b) => b.byteLength === bytes);
  if (!spare) return new ArrayBuffer(bytes);
  new Uint8Array(spare).fill(0);
  return spare;
}

/** Working space of `bytes` (contents undefined), to give back with `giveBack` once no longer used. */
export function takeScratch(bytes: number): Uint8Array {
  if (!worth(bytes)) return new Uint8Array(bytes);
  lastUse = now();
  const spare = takeSpare((b) => b.byteLength >= bytes && b.byteLength <= 2 * bytes);
  return new Uint8Array(spare ?? new ArrayBuffer(bytes), 0, bytes);
}

/** A buffer no longer used by anything: kept as a spare if there is room (not zeroed until taken). */
export function giveBack(buffer: ArrayBuffer): void {
  const n = buffer.byteLength;
  if (!worth(n) || total + n > SPARES_MAX_TOTAL || (buffer as { detached?: boolean }).detached) return;
  spares.push(buffer);
  total += n;
}

function scheduleRefill(delay = 0): void {
  if (scheduled || typeof setTimeout !== 'function') return;
  scheduled = true;
  const timer: unknown = setTimeout(refill, delay);
  // In Node (the CLI, tests) a spare to come does not keep the process alive.
  (timer as { unref?: () => void }).unref?.();
}

/** The size of the next spare to make (newest sizes first, within the bound), or null. */
function missing(): number | null {
  for (const [bytes, count] of [...wanted].reverse()) {
    const have = spares.filter((b) => b.byteLength === bytes).length;
    if (have < count && total + bytes <= SPARES_MAX_TOTAL) return bytes;
  }
  return null;
}

/**
 * Makes and touches one missing spare per task (each takes milliseconds: the thread answers in between), not while
 * the thread is busy (a chunk's parts arriving would wait for it).
 */
function refill(): void {
  scheduled = false;
  const bytes = missing();
  if (bytes === null) return;
  if (busy()) lastUse = now();
  const wait = lastUse + SETTLE_MS - now();
  if (wait > 0) return scheduleRefill(wait);
  const b = new ArrayBuffer(bytes);
  const view = new Uint8Array(b);
  // One write per page maps it.
  for (let i = 0; i < bytes; i += 4096) view[i] = 0;
  spares.push(b);
  total += bytes;
  scheduleRefill();
}

/** Spares kept now (tests and telemetry). */
export function spareStats(): { readonly count: number; readonly bytes: number } {
  return { count: spares.length, bytes: total };
}

/** Forgets every spare and wanted size (tests). */
export function resetSpares(): void {
  spares.length = 0;
  wanted.clear();
  total = 0;
  busy = () => false;
  lastUse = -Infinity;
}
