/**
 * A Blosc frame's blocks shared with another thread: a decode worker whose peer (the pool pairs its workers) is idle
 * decodes every second block of a big frame there while it decodes the others, so one big chunk — the first
 * picture's — takes about half the time after its last byte. Each block given away travels as a frame of its own
 * (`blockFrame`: the header, the block table and that block's bytes); its decoded bytes come back. A block the peer
 * has not answered when the rest is done is decoded here as well (the first answer wins), so a busy or failing peer
 * costs nothing but the copy.
 */
import { HEADER, u32 } from './blosc-frame';
import { decodeBloscBlock } from './blosc-decode';

/** Another thread that decodes blocks of a Blosc frame. */
export interface BlockHelper {
  /** Decodes block `i` of the frame `mini` (`blockFrame`); rejects when it cannot (the block is decoded here then). */
  decode(mini: Uint8Array, i: number): Promise<Uint8Array>;
}

let helper: BlockHelper | null = null;

/** The helper of this thread's Blosc streams (a decode worker's peer), or null for none. */
export function setBlockHelper(h: BlockHelper | null): void {
  helper = h;
}

export function blockHelper(): BlockHelper | null {
  return helper;
}

/** Frames smaller than this, or of fewer blocks, are decoded here alone (the copies would cost what they save). */
export const SHARE_MIN_BYTES = 1 << 20;
export const SHARE_MIN_BLOCKS = 4;

/**
 * Block `i` of `frame` (its bytes `[start, end)`) as a frame of its own: the header and block table, block `i`'s
 * start moved to just after the table, then its bytes (a copy: it is transferred to the helper).
 */
export function blockFrame(frame: Uint8Array, nblocks: number, i: number, start: number, end: number): Uint8Array {
  const table = HEADER + 4 * nblocks;
  const mini = new Uint8Array(table + (end - start));
  mini.set(frame.subarray(0, table));
  new DataView(mini.buffer).setUint32(HEADER + 4 * i, table, true);
  mini.set(frame.subarray(start, end), table);
  return mini;
}

/** Decompressed memory of the frames decoded for a peer (one frame at a time, kept between them). */
let scratch = { out: new Uint8Array(0), tmp: new Uint8Array(0) };

/** Block `i` of a block frame, decompressed (on the helper's side); throws as `decodeBloscBlock` does. */
export function decodeBlockFrame(mini: Uint8Array, i: number): Uint8Array {
  const nbytes = u32(mini, 4);
  const blocksize = u32(mini, 8);
  if (blocksize === 0 || i < 0 || i * blocksize >= nbytes) throw new RangeError('no such block');
  if (scratch.out.length < nbytes || scratch.tmp.length < blocksize)
    scratch = { out: new Uint8Array(nbytes), tmp: new Uint8Array(blocksize) };
  decodeBloscBlock(mini, i, mini.length, scratch.out, scratch.tmp);
  const at = i * blocksize;
  return scratch.out.slice(at, Math.min(nbytes, at + blocksize));
}

/** Resolves in a task of its own (after the messages that came in): without the timers' clamping of nested waits. */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') return void setTimeout(resolve, 0);
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(0);
  });
}

/** A request to the peer, or its answer, on the port between two decode workers. */
export type PeerMessage =
  | { readonly kind: 'block'; readonly id: number; readonly i: number; readonly mini: Uint8Array }
  | { readonly kind: 'done'; readonly id: number; readonly bytes: Uint8Array | null };

/** The port-facing side of a pair of workers: answers the peer's blocks, and is this thread's `BlockHelper`. */
export function portHelper(port: MessagePort): BlockHelper {
  let next = 1;
  const waiting = new Map<number, { ok(b: Uint8Array): void; fail(): void }>();
  port.onmessage = (e: MessageEvent<PeerMessage>) => {
    const m = e.data;
    if (m.kind === 'block') {
      let bytes: Uint8Array | null = null;
      try {
        bytes = decodeBlockFrame(m.mini, m.i);
      } catch {
        // The asking side decodes it itself, and reports what is wrong with it.
      }
      port.postMessage({ kind: 'done', id: m.id, bytes } satisfies PeerMessage, bytes ? [bytes.buffer] : []);
      return;
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.bytes) w?.ok(m.bytes);
    else w?.fail();
  };
  return {
    decode(mini, i) {
      const id = next++;
      return new Promise<Uint8Array>((ok, fail) => {
        waiting.set(id, { ok, fail });
        port.postMessage({ kind: 'block', id, i, mini } satisfies PeerMessage, [mini.buffer]);
      });
    },
  };
}
