/**
 * Node-only (CLI): `openStore` plus local paths and `file://` URLs (folders and zips), and S3 credentials,
 * region and endpoint from the AWS environment (profiles chosen by the `awsprofile` fragment key).
 *
 * @example const { store, name } = await openStoreNode({ kind: 'local', path: 'tst.zip' });
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { HttpError, ZipError } from '../errors';
import { openFile } from '../formats/open/registry';
import { fragmentValue, type ParsedLocation } from '../url/index';
import { loadAwsEnvironment } from '../store/aws-env';
import { NodeFolderStore, nodeFileSource } from '../store/node-folder-store';
import { openStore, type OpenStoreOptions, type OpenedStore, type StoreSource } from './open-store';
import type { Store } from '../store/types';
import { ZipStore } from '../store/zip-store';

/** Opens a local folder (a directory store), a local file of a format read in place (netCDF-3), or a local zip. */
export async function openLocalPath(file: string, loc: ParsedLocation, options: OpenStoreOptions): Promise<Store> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (e) {
    throw new HttpError('not-found', 0, `No such file or folder: ${file}`, { key: file, cause: e });
  }
  if (stat.isDirectory()) {
    if (loc.mode.medium === 'zip') throw new ZipError(`${file} is a folder, but #mode says zip.`, { key: file });
    return new NodeFolderStore(file);
  }
  const base = path.basename(file);
  const dot = base.lastIndexOf('.');
  const source = await nodeFileSource(file);
  // A file of a format read in place (netCDF-3), known by its first bytes; otherwise a zip.
  const inPlace =
    loc.mode.medium === 'zip'
      ? undefined
      : await openFile(source, { signal: options.signal, sibling: localSibling(file) });
  if (inPlace) return (await import('../formats/cfa/index')).cfaLocal(inPlace, file, (s) => openStore(s, options));
  return ZipStore.open(source, {
    stem: dot > 0 ? base.slice(0, dot) : base,
    maxEntryBytes: options.maxEntryBytes,
    signal: options.signal,
  });
}

const isFile = (p: string) =>
  fs.stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The files a local file names (HDF5 external links), looked for as HDF5 does: a relative name in the file's
 * folder, an absolute one as it is, then by its last segment in the file's folder.
 */
function localSibling(file: string) {
  return async (name: string) => {
    const folder = path.dirname(file);
    const tries = path.isAbsolute(name) ? [name, path.join(folder, path.basename(name))] : [path.resolve(folder, name)];
    for (const t of tries) if (await isFile(t)) return nodeFileSource(t);
    throw new HttpError('not-found', 0, `No such file: ${tries.join(' or ')}`, { key: name });
  };
}

/** `openStore` for the CLI: local paths, `file://`, and the AWS environment for S3. */
export function openStoreNode(source: StoreSource, options: OpenStoreOptions = {}): Promise<OpenedStore> {
  return openStore(source, {
    openLocal: openLocalPath,
    s3Defaults: async (loc) => {
      const aws = await loadAwsEnvironment({
        profile: loc.fragment ? fragmentValue(loc.fragment, 'awsprofile') : undefined,
      });
      return { credentials: aws.credentials, region: aws.region, endpoint: aws.endpoint };
    },
    ...options,
  });
}
