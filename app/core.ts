/**
 * The one seam between the UI and the core: every import from `src/` goes through this file, so the UI never
 * knows where bytes come from.
 */
import type { OpenOptions, OpenedDataset, Source } from '../src/api';
import { AbortedError, BudgetError, ZarrviewError, isZarrviewError } from '../src/errors';
import { readDataset, findVariable } from '../src/model';
import { openStore } from '../src/store';
import { defaultContext, readSlice } from '../src/data';

export type {
  DimSelection,
  EndpointAlias,
  FolderFile,
  OpenOptions,
  OpenedDataset,
  Progress,
  S3Credentials,
  Slice,
  SliceData,
  Source,
} from '../src/api';
export type { Attribute, Dataset, Dimension, Group, Variable, Codec, FillValue } from '../src/model/types';
export type { Telemetry } from '../src/store/types';
export { ZarrviewError, AbortedError, BudgetError, isZarrviewError };
export {
  axisTitle,
  axisValueLabel,
  decodeSlice,
  defaultFillFor,
  describeAxes,
  displayName,
  formatNumber,
  formatValue,
  readAxisValues,
  valueRange,
  type AxisDescription,
  type AxisValues,
  type DecodedSlice,
} from '../src/cf';
export { parseLocation, formatLocation } from '../src/url';
export { printCdl, attributeValues } from '../src/cdl';

/**
 * Opens a dataset. Until the core's integrated `openDataset` lands, composes store + model + data path here.
 */
export async function openDataset(source: Source, options: OpenOptions = {}): Promise<OpenedDataset> {
  // Start the decode workers (module load) now, while the metadata is read, not at the first slice.
  const ctx = defaultContext();
  const opened = await openStore(source, {
    signal: options.signal,
    aliases: options.aliases,
    credentials: options.credentials,
  });
  const model = await readDataset(opened.store, { mode: opened.mode, name: opened.name, signal: options.signal });
  // The chunk cache is shared by every dataset: count from the moment this one opened.
  const base = { hits: ctx.cache.stats.hits, misses: ctx.cache.stats.misses, decoded: ctx.stats.decoded };
  return {
    model,
    location: opened.location,
    async read(path, selection, readOptions) {
      const variable = findVariable(model.root, path);
      if (!variable) throw new ZarrviewError('not-found', `There is no variable ${path} in this dataset.`, { key: path });
      return readSlice(opened.store, variable, selection, readOptions);
    },
    telemetry: () => ({
      ...opened.telemetry,
      cacheHits: opened.telemetry.cacheHits + ctx.cache.stats.hits - base.hits,
      cacheMisses: opened.telemetry.cacheMisses + ctx.cache.stats.misses - base.misses,
      chunksDecoded: opened.telemetry.chunksDecoded + ctx.stats.decoded - base.decoded,
    }),
    close() {},
  };
}

/** Whether an error is a cancellation (the user pressed Cancel or a newer request replaced this one). */
export function isAbort(e: unknown): boolean {
  return e instanceof AbortedError || (e instanceof DOMException && e.name === 'AbortError') || (isZarrviewError(e) && e.code === 'aborted');
}
