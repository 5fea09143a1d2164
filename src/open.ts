/**
 * `openDataset`: the one composition of store, model and data path that the UI and the CLI use. It opens the
 * store (probing the form when no `#mode` says it), parses the metadata once into the netCDF-style model, and
 * returns a handle whose `read` goes through the shared chunk cache and decode executor (a worker pool in
 * browsers, in-process in Node).
 *
 * @example
 * const ds = await openDataset({ kind: 'url', url: 'https://host/data.zarr#mode=nczarr,s3' });
 * const slice = await ds.read('/temp', [0, null, null], { signal });
 */
import type { DatasetNotice, OpenOptions, OpenedDataset, ReadOptions, Slice, DimSelection } from './api';
import { type DataContext, defaultContext, readSlice } from './data';
import { SliceMemo } from './data/slice-memo';
import type { MadeSliceImage, SliceImageOptions } from './data/pool/fused-image';
import { HttpError } from './errors';
import { readOrFile, withFirstSignal } from './opening/fallback';
import { HTML_CHUNK_ADVICE } from './store/html';
import type { RenderedImage } from './render/encode';
import type { ImageRequest } from './render/image';
import type { ReprojectTask } from './geo/reproject-task';
import type { RegridResult, RegridTask } from './compare/regrid';
import { mergeBands, sliceBands, type SliceImageResult, type SliceImageTask } from './render/slice-image-task';
import { arraySpec } from './data/array-spec';
import { findVariable, openMetadata } from './model';
import { readSeries, type SeriesReadOptions } from './series/read-series';
import type { Variable } from './model/types';
import { type OpenStoreOptions, type OpenedStore, type StoreSource, openStore } from './opening/open-store';
import type { Telemetry } from './store/types';

/**
 * Images of at least this many cells are coloured in bands, one per decode worker. Below it one task is quicker: a
 * band task CF-decodes the whole slice for the colour range and gets its own copy of the values, while colouring by
 * table takes ~7 ms per million cells.
 */
const BAND_MIN_CELLS = 4_000_000;

export interface OpenDatasetOptions extends OpenOptions {
  /** Cache + executor for reads (default: the process-wide one). */
  readonly context?: DataContext | undefined;
  /** Store opener (default `openStore`; the CLI passes `openStoreNode` for local paths and the AWS environment). */
  readonly openStore?: ((source: StoreSource, options: OpenStoreOptions) => Promise<OpenedStore>) | undefined;
  /** Further store options (timeouts, retries, concurrency). */
  readonly store?: Omit<OpenStoreOptions, 'signal' | 'aliases' | 'credentials'> | undefined;
}

/** Per-read options beyond the public ones: a thinned read and a size bound. */
export interface DatasetReadOptions extends ReadOptions {
  readonly stride?: number | undefined;
  readonly budgetBytes?: number | undefined;
  /** The slice will be shown as an image made this way (see `ReadSliceOptions.image`, `takeSliceImage`). */
  readonly image?: SliceImageOptions | undefined;
  /** Each whole chunk of a 2-D slice coloured with its decode (see `ReadSliceOptions.chunkImages`, `takeChunkImages`). */
  readonly chunkImages?: SliceImageOptions | undefined;
  /** The image asked for with `image`, as soon as it is made (see `ReadSliceOptions.onSliceImage`). */
  readonly onSliceImage?: ((made: MadeSliceImage) => void) | undefined;
  /** A first picture at a coarser step (see `ReadSliceOptions.preview`, `onSlicePreview`). */
  readonly preview?: number | undefined;
  readonly onSlicePreview?: ((made: MadeSliceImage) => void) | undefined;
}

export interface Dataset extends OpenedDataset {
  notices(): readonly DatasetNotice[];
  read(variablePath: string, selection: readonly DimSelection[], options?: DatasetReadOptions): Promise<Slice>;
  /** Reads a point series (one kept dimension) over many chunks, values reported as they come (src/series). */
  readSeries(
    variablePath: string,
    selection: readonly DimSelection[],
    options?: Omit<SeriesReadOptions, 'context'>,
  ): Promise<Slice & { readonly filled: Uint8Array }>;
  /** Colours a 2-D slice into RGBA pixels off the calling thread (in the decode workers where there are some). */
  renderImage(
    image: ImageRequest,
    options?: { signal?: AbortSignal | undefined; priority?: 'normal' | 'low' | undefined },
  ): Promise<RenderedImage>;
  /** CF-decodes and colours a slice in one task off the calling thread (the decode workers). */
  renderSlice(
    task: SliceImageTask,
    options?: { signal?: AbortSignal | undefined; priority?: 'normal' | 'low' | undefined },
  ): Promise<SliceImageResult>;
  /**
   * Gets the decode workers ready for a variable's first chunk, at idle time: its codecs loaded and run once on a
   * made-up chunk of its size. Does nothing for a variable that cannot be read.
   */
  prepareVariable(variable: Variable): void;
  /**
   * Runs the decode-and-colour task on a made-up slice in every decode worker, keeping nothing (a warm-up); the
   * workers also get memory ready for images of `imageBytes` (the real slice's RGBA size).
   */
  warmSliceImage(task: SliceImageTask, runs: number, imageBytes?: number): void;
  /** Reprojects a grid for the map off the calling thread (the decode workers): the cell index of each pixel. */
  reproject(task: ReprojectTask, options?: { signal?: AbortSignal | undefined }): Promise<Int32Array>;
  /** Regrids B's slice onto A's grid off the calling thread (the decode workers; `src/compare/regrid.ts`). */
  regrid(task: RegridTask, options?: { signal?: AbortSignal | undefined }): Promise<RegridResult>;
}

/** The notice of an aggregation's missing fragment files (named, the first ten). */
function fragmentsNotice(missing: readonly string[], variable: string): DatasetNotice {
  const named = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
  return {
    kind: 'missing-fragments',
    message: `${missing.length === 1 ? 'A fragment file is' : `${missing.length} fragment files are`} missing: ${named}. The parts of the aggregated variables they hold read as the fill value; check that the files are where the aggregation names them.`,
    count: missing.length,
    variable,
  };
}

/** `https://h/a/b.zarr/temp#mode=zarr` → `temp` (the name a single-array root is shown under). */
export function lastSegment(location: string): string | undefined {
  const path = location
    .split('#')[0]!
    .split('?')[0]!
    .replace(/[/\\]+$/, '');
  const seg = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return seg === '' ? undefined : decodeURIComponentSafe(seg);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export async function openDataset(source: StoreSource, options: OpenDatasetOptions = {}): Promise<Dataset> {
  const open = options.openStore ?? openStore;
  // Start the decode workers now, while the metadata is read, not at the first slice.
  const ctx = options.context ?? defaultContext();
  const probed = await open(source, {
    ...options.store,
    signal: options.signal,
    aliases: options.aliases,
    credentials: options.credentials,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  // A URL with no Zarr metadata may be one netCDF file: read in place (src/formats).
  const { opened, value: meta } = await readOrFile(probed, (store, first) =>
    openMetadata(store, {
      mode: probed.mode,
      name: probed.name,
      arrayName: lastSegment(probed.location),
      signal: withFirstSignal(options.signal, first),
      lazy: options.lazy,
      onNoRootMetadata: first?.onNoRootMetadata,
    }),
  );
  // The context may be shared by several datasets: count its cache and decodes from the moment this one opened.
  const memo = new SliceMemo();
  let htmlNotice: DatasetNotice | null = null;
  let missingNotice: DatasetNotice | null = null;
  const base = {
    hits: ctx.cache.stats.hits,
    misses: ctx.cache.stats.misses,
    decoded: ctx.stats.decoded,
    prefetchHits: ctx.cache.stats.prefetchHits,
    imagesWithDecode: ctx.stats.imagesWithDecode,
    decodedWhileArriving: ctx.stats.decodedWhileArriving,
  };
  return {
    get model() {
      return meta.model;
    },
    load: (paths, o) => meta.load(paths, o),
    loadAll: (o) => meta.loadAll(o),
    loadVariable: (path, o) => meta.loadVariable(path, o),
    subscribe: (listener) => meta.subscribe(listener),
    location: opened.location,
    ...(opened.store.sources
      ? { sources: (o?: { signal?: AbortSignal | undefined }) => opened.store.sources!(o?.signal) }
      : {}),
    ...(opened.store.history
      ? { history: (o?: { signal?: AbortSignal | undefined }) => opened.store.history!(o?.signal) }
      : {}),
    async read(path, selection, readOptions = {}) {
      const variable =
        findVariable(meta.model.root, path) ?? (await meta.loadVariable(path, { signal: readOptions.signal }));
      if (!variable)
        throw new HttpError('not-found', 0, `There is no variable ${path} in this dataset.`, { key: path });
      const key = JSON.stringify([path, selection, readOptions.stride ?? 1]);
      return memo.read(
        key,
        ctx.cache,
        readOptions.priority === 'low',
        async (signal) => {
          let chunks = 0;
          const slice = await readSlice(opened.store, variable, selection, {
            ...readOptions,
            signal,
            context: ctx,
            onProgress: (p) => ((chunks = p.total), readOptions.onProgress?.(p)),
          });
          const missing = opened.store.missingFragments?.() ?? [];
          if (missing.length) missingNotice = fragmentsNotice(missing, missingNotice?.variable ?? path);
          if (slice.htmlChunks) {
            const count = (htmlNotice?.count ?? 0) + slice.htmlChunks;
            htmlNotice = {
              kind: 'html-chunks',
              message: HTML_CHUNK_ADVICE,
              count,
              variable: htmlNotice?.variable ?? path,
            };
          }
          return { slice, chunks };
        },
        readOptions.signal,
      );
    },
    async readSeries(path, selection, seriesOptions = {}) {
      const variable =
        findVariable(meta.model.root, path) ?? (await meta.loadVariable(path, { signal: seriesOptions.signal }));
      if (!variable)
        throw new HttpError('not-found', 0, `There is no variable ${path} in this dataset.`, { key: path });
      return readSeries(opened.store, variable, selection, { ...seriesOptions, context: ctx });
    },
    telemetry: (): Telemetry => ({
      ...opened.telemetry,
      cacheHits: opened.telemetry.cacheHits + ctx.cache.stats.hits - base.hits,
      cacheMisses: opened.telemetry.cacheMisses + ctx.cache.stats.misses - base.misses,
      chunksDecoded: opened.telemetry.chunksDecoded + ctx.stats.decoded - base.decoded,
      prefetchHits: opened.telemetry.prefetchHits + ctx.cache.stats.prefetchHits - base.prefetchHits,
      imagesWithDecode: opened.telemetry.imagesWithDecode + ctx.stats.imagesWithDecode - base.imagesWithDecode,
      decodedWhileArriving:
        opened.telemetry.decodedWhileArriving + ctx.stats.decodedWhileArriving - base.decodedWhileArriving,
    }),
    notices: () => [htmlNotice, missingNotice].filter((n): n is DatasetNotice => n !== null),
    renderImage(image, o = {}) {
      return ctx.executor.render(image, o.signal, { priority: o.priority });
    },
    async renderSlice(task, o = {}) {
      const opts = { priority: o.priority };
      // A big image in bands of rows, one per worker (see slice-image-task.ts); the first returns the values.
      const [n0, n1] = task.image.shape;
      const parts = n0 * n1 >= BAND_MIN_CELLS ? ctx.executor.concurrency : 1;
      if (parts < 2) return ctx.executor.sliceImage(task, o.signal, opts);
      const bands = sliceBands(task.image, parts);
      const results = await Promise.all(
        bands.map((band, i) => ctx.executor.sliceImage({ ...task, band, values: i === 0 }, o.signal, opts)),
      );
      return mergeBands(results);
    },
    warmSliceImage(task, runs, imageBytes) {
      ctx.executor.warmSliceImage?.(task, runs, imageBytes);
    },
    prepareVariable(variable) {
      try {
        ctx.executor.prepare?.(arraySpec(variable).chunk, { warm: true });
      } catch {
        // Not readable (an unsupported type or codec): its read reports that.
      }
    },
    reproject(task, o = {}) {
      return ctx.executor.reproject(task, o.signal);
    },
    async regrid(task, o = {}) {
      if (ctx.executor.regrid) return ctx.executor.regrid(task, o.signal);
      const { runRegrid } = await import('./compare/regrid');
      return runRegrid(task);
    },
    close() {
      // Decoded chunks stay in the shared cache (bounded by its budget) so reopening is instant.
    },
  };
}
