/**
 * Links followed as HDF5 follows them (H5L traversal): a hard link is an object header; a soft link a path,
 * absolute or relative to the group that holds it; an external link a file (named relative to the linking file's
 * folder) and an absolute path in it. At most `MAX_LINK_HOPS` soft and external links per resolution, as HDF5's
 * default `nlinks` (16): a cycle of soft links ends there.
 */
import { MetadataError, UnsupportedError } from '../../errors.ts';
import type { Hdf5File, Hdf5Object } from './file.ts';
import type { Link } from './message-link.ts';

export const MAX_LINK_HOPS = 16;

/** Why a link leads nowhere: its target does not exist, it loops, or its file cannot be read. */
export type LinkFailure = 'dangling' | 'cycle' | 'external' | 'unsupported';

/** A link that cannot be followed; `failure` says why, `detail` is the message. */
export class Hdf5LinkError extends MetadataError {
  constructor(
    readonly failure: LinkFailure,
    readonly detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(detail, options);
    this.name = 'Hdf5LinkError';
  }
}

/** Where a link led: the object, and the file that holds it (another file for an external link). */
export interface Reached {
  readonly file: Hdf5File;
  readonly object: Hdf5Object;
}

/** Soft and external links left to follow in one resolution (shared by the nested ones). */
interface Budget {
  left: number;
}

const describeLink = (link: Link): string =>
  link.kind === 'soft'
    ? `a soft link to ${link.target}`
    : link.kind === 'external'
      ? `an external link to ${link.target} in ${link.file}`
      : `a ${link.kind} link`;

/**
 * The object `link` (a link of the group whose header is at `group` in `file`) leads to. `path` names the link
 * in messages. Throws `Hdf5LinkError` when it leads nowhere.
 */
export async function followLink(
  file: Hdf5File,
  group: number,
  link: Link,
  path: string,
  budget: Budget = { left: MAX_LINK_HOPS },
): Promise<Reached> {
  if (link.kind === 'hard') return { file, object: await file.objectAt(link.address, path) };
  if (link.kind === 'user-defined')
    throw new Hdf5LinkError('unsupported', `${path} is a user-defined link (type ${link.linkType}), not followed.`);
  const cycle = () =>
    new Hdf5LinkError(
      'cycle',
      `${path} is ${describeLink(link)}, which leads through more than ${MAX_LINK_HOPS} soft or external links (a cycle of links).`,
    );
  if (budget.left-- <= 0) throw cycle();
  try {
    if (link.kind === 'soft') {
      const start = link.target.startsWith('/') ? file.superblock.rootAddress : group;
      return await walkPath(file, start, link.target, path, budget);
    }
    const other = await file.external(link.file);
    return await walkPath(other, other.superblock.rootAddress, link.target, path, budget);
  } catch (e) {
    if (!(e instanceof Hdf5LinkError)) throw e;
    if (e.failure === 'cycle') throw cycle(); // named by the outermost link
    throw new Hdf5LinkError(e.failure, `${path} is ${describeLink(link)}, which leads nowhere: ${e.detail}`, {
      cause: e,
    });
  }
}

/** The object at `target` (a path of `file`, from the group at `start`), named `path` once reached. */
async function walkPath(file: Hdf5File, start: number, target: string, path: string, budget: Budget) {
  const parts = target.split('/').filter((p) => p !== '' && p !== '.');
  let here: Reached = { file, object: await file.objectAt(start, path) };
  const absolute = target.startsWith('/');
  const where = (p: string) => (absolute ? p : `${p} (from the link's group)`);
  let walked = absolute ? '' : '.';
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i]!;
    if (here.object.kind !== 'group') throw new Hdf5LinkError('dangling', `${where(walked || '/')} is not a group.`);
    const link = (await here.file.links(here.object.address)).find((l) => l.name === name);
    walked = walked === '.' ? name : `${walked}/${name}`;
    if (!link) throw new Hdf5LinkError('dangling', `${where(walked)} does not exist.`);
    here = await followLink(here.file, here.object.address, link, i === parts.length - 1 ? path : walked, budget);
  }
  return here;
}

/** The object at the absolute `path` of `file`, every link on the way followed. */
export async function reachPath(file: Hdf5File, path: string): Promise<Reached> {
  if (!path.startsWith('/')) throw new UnsupportedError(`"${path}" is not an absolute path.`);
  return walkPath(file, file.superblock.rootAddress, path, path === '/' ? '/' : path, { left: MAX_LINK_HOPS });
}
