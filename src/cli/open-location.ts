/** The CLI's way in: a URL or a local path opened through the store layer and read into the model. */
import { namesFile } from '../aggregate/file-name';
import { readOrFile } from '../opening/fallback';
import { readDataset } from '../model/index';
import type { Dataset } from '../model/types';
import { lastSegment } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import type { Store } from '../store/types';

const isUrl = (s: string) => /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(s);

/**
 * Opens `location` (a URL, or a path on disk) and reads its dataset; `name` overrides the dataset's name. With
 * `filesFirst` (a join's member), a location named as a netCDF/HDF5 file is read as one at once, as the viewer reads
 * a join's members: no Zarr document looked for under its URL first.
 */
export async function openLocation(
  location: string,
  options: {
    readonly timeoutMs?: number | undefined;
    readonly name?: string | undefined;
    readonly filesFirst?: boolean | undefined;
  } = {},
): Promise<{ store: Store; dataset: Dataset }> {
  const source = isUrl(location) ? { kind: 'url' as const, url: location } : { kind: 'local' as const, path: location };
  const probed = await openStoreNode(source, { timeoutMs: options.timeoutMs });
  // A URL with no Zarr metadata may be one netCDF file: read in place (src/formats).
  const { opened, value: dataset } = await readOrFile(
    probed,
    (store, first) =>
      readDataset(store, {
        mode: probed.mode,
        name: options.name ?? probed.name,
        arrayName: lastSegment(probed.location),
        ...first,
      }),
    { fileFirst: options.filesFirst === true && namesFile(location, undefined, probed.mode) },
  );
  return { store: opened.store, dataset };
}
