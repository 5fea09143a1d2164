/**
 * A dropped or picked folder that holds no Zarr dataset may still be one: an Icechunk repository (its `repo` file
 * or `refs/branch.main/ref.json`, at the top or one folder down), or a CFA master (`*.nca`, or the folder's only
 * netCDF file) with its fragment files beside it — read from the dropped files, never from the disk or another
 * host unless the master names an http(s) or s3 URL.
 */
import { FolderStore, folderPaths } from '../store/folder-store';
import { blobSource } from '../store/zip-store';
import type { FolderFile, Telemetry } from '../store/types';
import { openIcechunk } from './open-icechunk';
import type { OpenStoreOptions, OpenedStore, StoreSource } from './open-store';

type OpenStore = (source: StoreSource, options?: OpenStoreOptions) => Promise<OpenedStore>;

/** The shortest folder holding an Icechunk repository's entry point, or undefined. */
function repositoryRoot(paths: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const p of paths) {
    const m = /^(.*?)(repo|refs\/branch\.main\/ref\.json)$/.exec(p);
    if (!m || (m[1] !== '' && !m[1]!.endsWith('/'))) continue;
    if (best === undefined || m[1]!.length < best.length) best = m[1]!;
  }
  return best;
}

/** The CFA master of a folder: a `.nca` file (the shortest path), else its only netCDF file. */
function masterPath(paths: readonly string[]): string | undefined {
  const byDepth = (a: string, b: string) => a.split('/').length - b.split('/').length || a.localeCompare(b);
  const nca = paths.filter((p) => /\.nca$/i.test(p)).sort(byDepth);
  if (nca.length) return nca[0];
  const nc = paths.filter((p) => /\.(nc|nc4|cdf)$/i.test(p) && !p.includes('/'));
  return nc.length === 1 ? nc[0] : undefined;
}

/** The folder as an Icechunk repository or a CFA aggregation, or undefined when it is neither. */
export async function openFolderNonZarr(
  files: readonly FolderFile[],
  name: string,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const paths = folderPaths(files);
  const root = repositoryRoot(paths.keys());
  if (root !== undefined) {
    const store = new FolderStore(files, name, root);
    const folder: OpenedStore = { store, mode: { medium: 'file' }, name, telemetry, location: name };
    return openIcechunk(
      folder,
      {
        version: undefined,
        explicit: false,
        description: name,
        root: `${name.replace(/\/$/, '')}/${root}`,
        base: { kind: 'none', name },
        profile: undefined,
      },
      options,
      open,
    );
  }
  const master = masterPath([...paths.keys()]);
  if (master === undefined) return undefined;
  const { openFile } = await import('../formats/open/registry');
  const { cfaOrFile } = await import('../formats/cfa/index');
  const folderOf = master.slice(0, master.lastIndexOf('/') + 1);
  // Files it names (HDF5 external links): files of the dropped folder beside it.
  const sibling = async (file: string) => {
    const { siblingPath } = await import('../formats/open/sources');
    const rel = siblingPath(file);
    const blob = rel === undefined ? undefined : paths.get(folderOf + rel);
    if (!blob) {
      const { HttpError } = await import('../errors');
      throw new HttpError('not-found', 404, `${file} is not in the dropped folder beside ${master}.`, { key: file });
    }
    return blobSource(blob, folderOf + rel!);
  };
  const fileStore = await openFile(blobSource(paths.get(master)!, master), { signal: options.signal, sibling });
  if (!fileStore) return undefined;
  const store = await cfaOrFile(
    fileStore,
    { kind: 'local', path: master },
    async (target, remote) => {
      if (remote) return (await open({ kind: 'url', url: `${target}#mode=bytes` }, options)).store;
      const blob = paths.get(target.replace(/^\.?\/+/, ''));
      const f = blob && (await openFile(blobSource(blob, target), { signal: options.signal }));
      if (!f) {
        const { HttpError } = await import('../errors');
        throw new HttpError('not-found', 404, `${target} is not in the dropped folder.`, { key: target });
      }
      return f;
    },
    options.signal,
  );
  const stem = master
    .split('/')
    .pop()!
    .replace(/\.[^.]*$/, '');
  return { store, mode: { medium: 'file' }, name: stem, telemetry, location: `${name.replace(/\/$/, '')}/${master}` };
}
