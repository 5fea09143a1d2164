/**
 * The pool's jobs that talk to their worker after they start: a chunk's bytes streamed to it part by part
 * (`streamJob`), and a chunk the worker fetches itself (`fetchJob`), which the page may cancel.
 */
import type { ChunkSpec } from '../../codecs/pipeline';
import type { DecodeOptions, DecodeResult, DecodeStream, FetchDecodeOptions, FetchDecodeResult } from './executor';
import type { WorkerRequest } from './protocol';
import type { Job } from './worker-pool';

type Post = (msg: WorkerRequest, transfer: Transferable[]) => void;

/** The pool's submission of one job: its first message, and the hooks that reach its worker once it runs. */
export type Submit<T> = (
  message: Job['message'],
  hooks: Pick<Job, 'started' | 'abortRunning' | 'bodyDone'>,
) => Promise<T>;

/**
 * Owns its bytes exactly, so transferring them detaches nothing the caller still uses. A copy by the typed-array
 * constructor: Node's `Buffer#slice` is a view of the same memory, not a copy.
 */
export function ownBuffer(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
}

/**
 * A decode whose bytes follow as they arrive: parts sent before its worker is free are held here, then sent in
 * order; the end sends the whole chunk only if the parts were not all of it.
 */
export function streamJob(submit: Submit<DecodeResult>, spec: ChunkSpec, options: DecodeOptions): DecodeStream {
  let post: Post | null = null;
  let id = 0;
  const held: WorkerRequest[] = [];
  let sent = 0;
  let over = false;
  const send = (make: (id: number) => WorkerRequest, transfer: Transferable[]) => {
    if (post) post(make(id), transfer);
    else held.push(make(-1));
  };
  const result = submit(
    (jobId) => {
      id = jobId;
      return { msg: { type: 'stream-start', id, spec, image: options.image }, transfer: [] };
    },
    {
      started: (p) => {
        post = p;
        // Parts that came before the worker was free, with their ids set now.
        for (const m of held.splice(0))
          p({ ...m, id } as WorkerRequest, 'bytes' in m && m.bytes ? [m.bytes.buffer] : []);
      },
      abortRunning: () => {
        if (!over) post?.({ type: 'stream-end', id, cancel: true }, []);
        over = true;
      },
    },
  );
  // Handled here too: a stream cancelled or aborted before its end is asked for has no one awaiting it.
  result.catch(() => undefined);
  return {
    push(part) {
      if (over) return;
      const own = ownBuffer(part);
      sent += own.length;
      send((i) => ({ type: 'stream-part', id: i, bytes: own }), [own.buffer as ArrayBuffer]);
    },
    end(whole) {
      if (over) return result;
      over = true;
      const rest = sent === whole.length ? undefined : ownBuffer(whole);
      send((i) => ({ type: 'stream-end', id: i, whole: rest }), rest ? [rest.buffer as ArrayBuffer] : []);
      return result;
    },
    cancel() {
      if (over) return;
      over = true;
      send((i) => ({ type: 'stream-end', id: i, cancel: true }), []);
    },
  };
}

/** A chunk its worker fetches and decodes as it arrives; aborting stops the worker's fetch (which frees its place). */
export function fetchJob(
  submit: Submit<FetchDecodeResult>,
  url: string,
  spec: ChunkSpec,
  options: FetchDecodeOptions,
): Promise<FetchDecodeResult> {
  let post: Post | null = null;
  let id = 0;
  return submit(
    (jobId) => {
      id = jobId;
      return {
        msg: {
          type: 'fetch-decode',
          id,
          url,
          spec,
          image: options.image,
          idleMs: options.idleMs,
          forbiddenIsMissing: options.forbiddenIsMissing,
          bodyDone: options.onBodyDone !== undefined,
        },
        transfer: [],
      };
    },
    {
      started: (p) => (post = p),
      abortRunning: () => post?.({ type: 'cancel', id }, []),
      bodyDone: options.onBodyDone,
    },
  );
}
