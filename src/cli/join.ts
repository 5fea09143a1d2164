/**
 * `zarrview dump` of several files, or of a glob of local files, as one dataset (src/aggregate): the glob expanded
 * here (sorted), each member opened as the CLI opens one location, the members left out printed as the dataset's
 * problems (named, with why: exit status 1), the rest shown as one dataset.
 */
import path from 'node:path';
import { UsageError } from '../errors';
import type { Dataset } from '../model/types';
import type { Store } from '../store/types';
import type { DumpArgs } from './args';
import { expandGlob, isGlob } from './glob';
import { openLocation } from './open-location';

const isUrl = (s: string) => /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(s);

/** Whether `args` asks for a join: several locations, `--join`, or a local glob. */
export function asksJoin(args: DumpArgs): boolean {
  return args.locations !== undefined || (!isUrl(args.location) && isGlob(args.location));
}

/** The locations of a join: globs of local paths expanded, the others as given. */
export async function joinLocations(given: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const g of given) {
    if (isUrl(g) || !isGlob(g)) {
      out.push(g);
      continue;
    }
    const found = await expandGlob(g);
    if (found.length === 0) throw new UsageError(`no files match ${g}.`, { key: g });
    out.push(...found);
  }
  return out;
}

/**
 * The join's name (ncdump's `netcdf NAME`): the folder where a glob starts (`daily/*.nc` → `daily`), else
 * the folder the members share.
 */
function joinName(given: readonly string[], locations: readonly string[]): string {
  const glob = given.length === 1 && isGlob(given[0]!) ? given[0]! : undefined;
  if (glob) {
    const literal = glob.split(/[\\/]/).findIndex((s) => isGlob(s));
    const folder = glob.split(/[\\/]/).slice(0, literal).join('/');
    return path.basename(path.resolve(folder || '.')) || 'joined';
  }
  const folders = locations.map((l) => path.dirname(l.replace(/[\\/]+$/, '')));
  let common = folders[0] ?? '.';
  while (!folders.every((f) => f === common || f.startsWith(`${common}/`)) && common !== path.dirname(common))
    common = path.dirname(common);
  return path.basename(path.resolve(common)) || 'joined';
}

/** Opens the locations of `args` as one dataset. */
export async function openJoined(args: DumpArgs): Promise<{ store: Store; dataset: Dataset }> {
  const given = args.locations ?? [args.location];
  const locations = await joinLocations(given);
  const { openJoin } = await import('../aggregate/index');
  const joined = await openJoin(locations, {
    open: (location) => openLocation(location, { timeoutMs: args.timeoutMs, filesFirst: true }),
    join: args.join,
    name: args.name ?? joinName(given, locations),
  });
  const problems = [
    ...joined.dataset.problems,
    ...joined.leftOut.map((l) => ({ key: l.location, message: l.message, error: l.cause })),
    ...joined.notShown.map((p) => ({
      key: p,
      message: `${p} is not shown in the joined dataset (only numeric variables are joined).`,
      error: undefined,
    })),
  ];
  return { store: joined.store, dataset: { ...joined.dataset, problems } };
}
