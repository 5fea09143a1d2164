/**
 * Icechunk repositories (src/formats/icechunk/) as locations: a folder (https, s3, a local path in the CLI, a
 * dropped folder) holding a `repo` file (spec 2) or `refs/branch.main/ref.json` (spec 1). `#mode=icechunk`
 * says so at once; otherwise the repository is found when the folder has no Zarr metadata. The fragment keys
 * `branch=NAME`, `tag=NAME` and `snapshot=ID` choose the version (default: branch `main`), so a share link
 * reopens the same snapshot. Virtual chunks' targets are opened like kerchunk targets (open-refs.ts: http(s) and
 * s3 only, credentials only for their endpoint).
 *
 * @example
 * const opened = await openIcechunk(folder, parseLocation('s3://bucket/repo#tag=v1'), options, telemetry, openStore);
 */
import { HttpError, UsageError } from '../errors';
import type { DocumentBase } from '../formats/refs/index';
import type { VersionRef } from '../formats/icechunk/index';
import {
  formatFragment,
  formatLocation,
  fragmentValue,
  fragmentValues,
  parseFragment,
  parseLocation,
  withFragment,
  type ParsedLocation,
} from '../url/index';
import type { OpenStoreOptions, OpenedStore, StoreSource } from './open-store';
import { targetOpener } from './open-refs';

type OpenStore = (source: StoreSource, options?: OpenStoreOptions) => Promise<OpenedStore>;

const VERSION_KEYS = ['snapshot', 'tag', 'branch'] as const;

/** Names of files read in place (never a repository's folder). */
const FILE_NAME = /\.(nc|nc3|nc4|nca|cdf|h5|hdf5?|he5|json|zip|parq(uet)?)$/i;

/** The version a location's fragment names (`#tag=v1`), or undefined (the repository's `main` branch). */
export function versionOf(loc: ParsedLocation): VersionRef | undefined {
  const f = loc.fragment ?? [];
  const named = VERSION_KEYS.filter((k) => fragmentValue(f, k) !== undefined);
  if (named.length > 1)
    throw new UsageError(`The location names a ${named.join(' and a ')}: name one version only.`, {
      key: formatLocation(loc, { share: true }),
    });
  const kind = named[0];
  return kind && { kind, name: fragmentValue(f, kind)! };
}

/** Whether the location says it is an Icechunk repository (`#mode=icechunk`, or a version key). */
export function isIcechunkExplicit(loc: ParsedLocation): boolean {
  return (
    (fragmentValues(loc.fragment ?? [], 'mode') ?? []).some((w) => w.toLowerCase() === 'icechunk') ||
    VERSION_KEYS.some((k) => fragmentValue(loc.fragment ?? [], k) !== undefined)
  );
}

/** The location text with its version keys replaced by `ref` (the history panel opens it; credentials kept). */
export function withVersion(location: string, ref: VersionRef | undefined): string {
  const loc = parseLocation(location);
  const kept = (loc.fragment ?? []).filter((e) => !(VERSION_KEYS as readonly string[]).includes(e.key.toLowerCase()));
  const text = [
    formatFragment(kept.map((e, i) => (i === 0 ? { ...e, sep: '' as const } : e))),
    ref && `${ref.kind}=${ref.name}`,
  ]
    .filter((t) => t)
    .join('&');
  return formatLocation(withFragment(loc, text ? parseFragment(text) : undefined));
}

/**
 * The options a repository opened on an S3 endpoint of its own (MinIO, s3rver: not AWS) opens its virtual `s3://`
 * chunks with: that endpoint (and region), the location's other S3 defaults kept.
 */
export function onEndpoint(options: OpenStoreOptions, endpoint: string, region: string): OpenStoreOptions {
  if (/\.amazonaws\.com(\.cn)?$/i.test(new URL(endpoint).hostname)) return options;
  return {
    ...options,
    s3Defaults: async (l: ParsedLocation) => ({
      ...(options.s3Defaults ? await options.s3Defaults(l) : {}),
      endpoint,
      region,
    }),
  };
}

/** Opens the repository at `opened` (explicit: now; otherwise `asRepository`, tried when no Zarr is found). */
export async function withRepository(
  opened: OpenedStore,
  loc: ParsedLocation,
  options: OpenStoreOptions,
  open: OpenStore,
  base: DocumentBase,
): Promise<OpenedStore> {
  if (loc.mode.bytes) return opened;
  const explicit = isIcechunkExplicit(loc);
  // A location named like a file is read as one: no repository probe (two requests) before it.
  if (!explicit && FILE_NAME.test(loc.path.replace(/\/+$/, ''))) return opened;
  const at: RepositoryAt = {
    version: versionOf(loc),
    explicit,
    description: formatLocation(loc, { share: true, plainHash: true }),
    root: formatLocation({ ...loc, fragment: undefined }, { share: true, plainHash: true }).replace(/\/?$/, '/'),
    base,
    profile: loc.fragment ? fragmentValue(loc.fragment, 'awsprofile') : undefined,
  };
  const go = () => openIcechunk(opened, at, options, open);
  if (at.explicit) return (await go())!;
  return { ...opened, asRepository: go };
}

/** Where a repository is and which version to read. */
export interface RepositoryAt {
  readonly version: VersionRef | undefined;
  /** The location said Icechunk: a folder without a repository is an error, not undefined. */
  readonly explicit: boolean;
  /** The location as shown and shared (its fragment kept). */
  readonly description: string;
  /** The repository's root as messages name it (`https://host/repo/`). */
  readonly root: string;
  readonly base: DocumentBase;
  readonly profile: string | undefined;
}

/**
 * The repository at the opened folder, read at the version asked for (default: branch `main`), or undefined when
 * the folder holds none and Icechunk was not asked for. Throws typed errors: a damaged repository, a spec version
 * not read here, a branch, tag or snapshot it does not have.
 */
export async function openIcechunk(
  folder: OpenedStore,
  at: RepositoryAt,
  options: OpenStoreOptions,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const ice = await import('../formats/icechunk/index');
  const repo = await ice.IcechunkRepository.open(folder.store, at.root, options.signal);
  if (!repo) {
    if (!at.explicit) return undefined;
    throw new HttpError(
      'not-found',
      404,
      `There is no Icechunk repository at ${at.root} (no "repo" file, no refs/branch.main/ref.json).`,
      { key: at.root },
    );
  }
  const version: VersionRef = at.version ?? { kind: 'branch', name: 'main' };
  const id = await repo.resolve(version, options.signal);
  const snapshot = await repo.snapshot(id, options.signal);
  const store = new ice.IcechunkStore(repo, snapshot, {
    openTarget: targetOpener(options, folder.telemetry, open, at.profile),
    base: at.base,
    description: at.description,
    version,
  });
  return { ...folder, store, asFile: undefined, asRepository: undefined, location: at.description };
}
