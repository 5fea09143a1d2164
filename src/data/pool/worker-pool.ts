/**
 * A pool of module workers that decode chunks. Jobs queue on the main thread; each worker runs up to two at a
 * time (so one is always waiting while the other's result travels back), plus up to 16 chunks it fetches itself
 * (mostly waiting on the network). Encoded bytes are transferred in, decoded buffers transferred out.
 *
 * @example
 * const pool = new WorkerPool(); // size from navigator.hardwareConcurrency, 2..8
 * const chunk = await pool.decode(spec, bytes, signal);
 */
import type { ChunkSpec, DecodedChunk } from '../../codecs/pipeline';
import { AbortedError, CodecError, UsageError } from '../../errors';
import type { ImageRequest } from '../../render/image';
import type { RenderedImage } from '../../render/encode';
import type { ReprojectTask } from '../../geo/reproject-task';
import type { RegridResult, RegridTask } from '../../compare/regrid';
import type { SliceImageResult, SliceImageTask } from '../../render/slice-image-task';
import type {
  DecodeExecutor,
  DecodeOptions,
  DecodeResult,
  DecodeStream,
  FetchDecodeOptions,
  FetchDecodeResult,
  TaskOptions,
} from './executor';
import type { FusedImage } from './fused-image';
import { type WorkerRequest, type WorkerResponse, reviveError, transferablesOf } from './protocol';
import { defaultPoolSize, freeSlot, load, type Slot } from './slots';
import { fetchJob, ownBuffer, streamJob } from './stream-jobs';

type Result = DecodeResult | RenderedImage | Int32Array | SliceImageResult | FetchDecodeResult | RegridResult;

export interface Job {
  id: number;
  /** The message for the worker and what it transfers. */
  message(id: number): { msg: WorkerRequest; transfer: ArrayBuffer[] };
  signal: AbortSignal | undefined;
  /** Low-priority jobs (prefetch) start only when no other job waits. */
  low: boolean;
  resolve(r: Result): void;
  reject(e: unknown): void;
  /** Called once its first message is posted, with a way to post more to the same worker (streams). */
  started?: ((post: (msg: WorkerRequest, transfer: Transferable[]) => void) => void) | undefined;
  /** Called when the signal aborts it while it runs (a stream tells its worker to stop waiting). */
  abortRunning?: (() => void) | undefined;
  /**
   * A chunk its worker fetches: mostly waiting on the network, so it does not take one of the worker's places for
   * decodes; up to `FETCHES_PER_WORKER` run beside them.
   */
  fetching?: boolean | undefined;
  /** A fetched chunk's body has all arrived at its worker (`body-done`); the answer follows. */
  bodyDone?: (() => void) | undefined;
  /** The slice image at its preview step (`slice-preview`, `DecodeOptions.onPreview`); the answer follows. */
  preview?: ((r: SliceImageResult) => void) | undefined;
}

export { defaultPoolSize } from './slots';

export class WorkerPool implements DecodeExecutor {
  readonly concurrency: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  /** Chunk specs whose codecs every worker has been asked to load. */
  readonly #prepared = new Set<string>();
  /** The memory of decoded chunks the workers made, and which worker made each (see `recycle`). */
  readonly #made = new WeakMap<ArrayBuffer, Slot>();

  constructor(size = defaultPoolSize(), makeWorker: () => Worker = defaultWorker) {
    this.concurrency = size;
    for (let i = 0; i < size; i++) {
      const worker = makeWorker();
      const slot: Slot = { worker, running: new Map() };
      worker.onmessage = (e: MessageEvent<WorkerResponse>) => this.#onMessage(slot, e.data);
      worker.onerror = (e) => this.#onCrash(slot, e);
      this.#slots.push(slot);
    }
  }

  decode(spec: ChunkSpec, bytes: Uint8Array, signal?: AbortSignal, options: DecodeOptions = {}): Promise<DecodeResult> {
    return this.#submit<DecodeResult>(
      (id) => {
        const own = ownBuffer(bytes);
        const msg: WorkerRequest = { type: 'decode', id, spec, bytes: own, image: options.image };
        return { msg, transfer: [own.buffer as ArrayBuffer] };
      },
      signal,
      options,
    );
  }

  /**
   * A decode whose bytes follow as they arrive: the stream's worker is taken when it starts (queued parts wait on
   * this thread until then); parts are transferred to it, and it answers the end as it answers a decode.
   */
  decodeStream(spec: ChunkSpec, signal?: AbortSignal, options: DecodeOptions = {}): DecodeStream {
    return streamJob((message, hooks) => this.#submit<DecodeResult>(message, signal, options, hooks), spec, options);
  }

  /** Fetches a chunk in a worker and decodes it as it arrives (see `DecodeExecutor.fetchDecode`). */
  fetchDecode(
    url: string,
    spec: ChunkSpec,
    signal?: AbortSignal,
    options: FetchDecodeOptions = {},
  ): Promise<FetchDecodeResult> {
    return fetchJob(
      (message, hooks) => this.#submit<FetchDecodeResult>(message, signal, options, { ...hooks, fetching: true }),
      url,
      spec,
      options,
    );
  }

  /** Colours a slice into an image (PNG-encoded) in a worker; the values are copied, not transferred. */
  render(image: ImageRequest, signal?: AbortSignal, options: TaskOptions = {}): Promise<RenderedImage> {
    return this.#submit<RenderedImage>((id) => ({ msg: { type: 'render', id, image }, transfer: [] }), signal, options);
  }

  /** Reprojects a grid for the map in a worker (the grid's coordinates are copied; the cell indices come back). */
  sliceImage(task: SliceImageTask, signal?: AbortSignal, options: TaskOptions = {}): Promise<SliceImageResult> {
    return this.#submit<SliceImageResult>(
      (id) => ({ msg: { type: 'slice-image', id, task }, transfer: [] }),
      signal,
      options,
    );
  }

  reproject(task: ReprojectTask, signal?: AbortSignal, options: TaskOptions = {}): Promise<Int32Array> {
    return this.#submit<Int32Array>((id) => ({ msg: { type: 'reproject', id, task }, transfer: [] }), signal, options);
  }

  /** Regrids a field in a worker (the task's arrays are copied; the result's values come back transferred). */
  regrid(task: RegridTask, signal?: AbortSignal, options: TaskOptions = {}): Promise<RegridResult> {
    return this.#submit<RegridResult>((id) => ({ msg: { type: 'regrid', id, task }, transfer: [] }), signal, options);
  }

  #submit<T extends Result>(
    message: Job['message'],
    signal: AbortSignal | undefined,
    options: TaskOptions & Pick<DecodeOptions, 'onPreview'>,
    hooks: Pick<Job, 'started' | 'abortRunning' | 'fetching' | 'bodyDone'> = {},
  ): Promise<T> {
    if (this.#closed) return Promise.reject(new UsageError('The decode pool is closed.'));
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<T>((res, reject) => {
      const resolve = res as (r: Result) => void;
      const job: Job = {
        id: this.#nextId++,
        message,
        signal,
        low: options.priority === 'low',
        resolve,
        reject,
        preview: options.onPreview,
        ...hooks,
      };
      signal?.addEventListener(
        'abort',
        () => {
          // Queued: drop it. Running: let the worker finish, ignore the answer.
          const i = this.#queue.indexOf(job);
          if (i >= 0) this.#queue.splice(i, 1);
          else job.abortRunning?.();
          reject(new AbortedError());
        },
        { once: true },
      );
      this.#queue.push(job);
      this.#pump();
    });
  }

  /**
   * Asks every worker to load the codecs of `spec` now, once per spec (and to warm them up once, with `warm`), so
   * that no first chunk waits for them.
   */
  prepare(spec: ChunkSpec, options: { readonly warm?: boolean } = {}): void {
    const warm = options.warm === true;
    const key = `${warm ? 'warm' : 'load'}|${JSON.stringify(spec)}`;
    if (this.#closed || this.#prepared.has(key)) return;
    if (this.#prepared.size >= 256) this.#prepared.clear();
    this.#prepared.add(key);
    const msg: WorkerRequest = { type: 'prepare', spec, warm };
    for (const s of this.#slots) s.worker.postMessage(msg);
  }

  /** Runs the decode-and-colour task in every worker as a warm-up (see `DecodeExecutor.warmSliceImage`). */
  warmSliceImage(task: SliceImageTask, runs: number, imageBytes?: number): void {
    if (this.#closed || !ArrayBuffer.isView(task.slice.data)) return;
    // Built as readSlice builds a read's `FusedImage` (the same fields in the same order).
    const options = { defaultFill: task.defaultFill, image: task.image };
    const { variable, shape, data } = task.slice;
    const fused: FusedImage = { ...options, n: data.length, slice: { variable, shape } };
    const msg: WorkerRequest = { type: 'warm-image', fused, data, runs, imageBytes };
    for (const s of this.#slots) s.worker.postMessage(msg);
  }

  /**
   * Gives the memory of a decoded chunk back to the worker that made it (see `RecycleRequest`); values a worker did
   * not make, or given back before, are left alone.
   */
  recycle(data: DecodedChunk['data']): void {
    const buffer = Array.isArray(data) ? undefined : (data.buffer as ArrayBuffer);
    const slot = buffer && this.#made.get(buffer);
    if (!buffer || !slot || this.#closed) return;
    this.#made.delete(buffer);
    const msg: WorkerRequest = { type: 'recycle', buffers: [buffer] };
    slot.worker.postMessage(msg, [buffer]);
  }

  /** Jobs waiting or running, for tests and telemetry. */
  get pending(): number {
    return this.#queue.length + this.#slots.reduce((n, s) => n + s.running.size, 0);
  }

  close(): void {
    this.#closed = true;
    for (const s of this.#slots) {
      s.worker.terminate();
      for (const j of s.running.values()) j.reject(new AbortedError());
    }
    for (const j of this.#queue) j.reject(new AbortedError());
    this.#queue.length = 0;
  }

  #pump(): void {
    for (let next = this.#next(); next; next = this.#next()) {
      const { job, slot } = next;
      slot.running.set(job.id, job);
      const { msg, transfer } = job.message(job.id);
      slot.worker.postMessage(msg, transfer);
      job.started?.((m, t) => slot.worker.postMessage(m, t));
    }
  }

  /**
   * The job to start now, taken from the queue, and its worker: the oldest job the user waits for that has a place
   * of its kind (a fetch may start while the decodes are full, and the other way round); a prefetch only when no
   * such job waits, and then on a worker running nothing of its kind.
   */
  #next(): { job: Job; slot: Slot } | null {
    let waiting = false;
    for (let pass = 0; pass < 2; pass++) {
      for (let k = 0; k < this.#queue.length; k++) {
        const job = this.#queue[k]!;
        if (job.low !== (pass === 1)) continue;
        if (job.signal?.aborted) {
          this.#queue.splice(k--, 1);
          continue;
        }
        if (pass === 1 && waiting) return null;
        const fetching = job.fetching === true;
        const slot = freeSlot(this.#slots, fetching);
        if (!slot || (job.low && load(slot, fetching) > 0)) {
          waiting ||= !job.low;
          continue;
        }
        this.#queue.splice(k, 1);
        return { job, slot };
      }
    }
    return null;
  }

  #onMessage(slot: Slot, msg: WorkerResponse): void {
    if (msg.type === 'body-done') return void slot.running.get(msg.id)?.bodyDone?.();
    if (msg.type === 'slice-preview') return void slot.running.get(msg.id)?.preview?.(msg.result);
    const job = slot.running.get(msg.id);
    slot.running.delete(msg.id);
    this.#pump();
    if (!job || job.signal?.aborted) return;
    if (msg.type === 'decoded') {
      for (const b of transferablesOf(msg.chunk)) this.#made.set(b, slot);
      const result = msg.sliceImage ? { ...msg.chunk, sliceImage: msg.sliceImage } : msg.chunk;
      // A chunk the worker fetched comes with the bytes it read.
      job.resolve(msg.fetched === undefined ? result : { kind: 'decoded', result, bytes: msg.fetched });
    } else if (msg.type === 'missing') job.resolve({ kind: 'missing', html: msg.html });
    else if (msg.type === 'fetch-failed') job.resolve({ kind: 'fallback', reason: msg.reason });
    else if (msg.type === 'rendered') job.resolve(msg.image);
    else if (msg.type === 'reprojected') job.resolve(msg.cells);
    else if (msg.type === 'regridded') job.resolve(msg.result);
    else if (msg.type === 'slice-imaged') job.resolve(msg.result);
    // A chunk the worker fetched whole that did not decode: the codec's error, with the bytes read.
    else if (msg.fetched !== undefined)
      job.resolve({ kind: 'undecodable', error: reviveError(msg.error), bytes: msg.fetched });
    else job.reject(reviveError(msg.error));
  }

  #onCrash(slot: Slot, e: ErrorEvent): void {
    const err = new CodecError('worker', `A decode worker failed: ${e.message}`);
    for (const j of slot.running.values()) j.reject(err);
    slot.running.clear();
    this.#pump();
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
}
