/**
 * `zarrview ls [-r] [--limit N] [--depth N] <place>`: one line per entry — kind, date, size, name — of an S3
 * prefix, an HTTP folder with an index page, a THREDDS catalog or a STAC document (src/listing). Folders are
 * probed for their kind (a Zarr or NCZarr store, an Icechunk repository); `-r` walks down (bounded), never into a
 * dataset. Exit codes: 0 listed, 1 the place cannot be listed (the message says what to do), 2 usage.
 */
import { isZarrviewError, UsageError } from '../errors';
import { createLister, type Lister } from '../listing/place';
import type { Entry, Place } from '../listing/types';
import { walk } from '../listing/walk';
import { loadAwsEnvironment } from '../store/aws-env';
import { fragmentValue } from '../url/index';

export const LS_USAGE = `usage: zarrview ls [-r] [--limit N] [--depth N] <place>
  place     s3://bucket/prefix/, an https:// folder with an index page, a THREDDS catalog.xml, a STAC catalog,
            collection or item (one line per entry: kind, date, size, name)
  -r        recursive, depth first; datasets (stores, files) are not descended into
  --limit N at most N entries (default 10000 with -r)
  --depth N at most N levels below the place with -r (default 32)`;

export interface LsArgs {
  readonly recursive: boolean;
  readonly limit: number | undefined;
  readonly depth: number | undefined;
  readonly location: string;
}

function usage(message: string): UsageError {
  return new UsageError(`${message}\n${LS_USAGE}`);
}

export function parseLsArgs(argv: readonly string[]): LsArgs {
  let recursive = false;
  let limit: number | undefined;
  let depth: number | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-r' || a === '--recursive') recursive = true;
    else if (a === '--limit' || a === '--depth') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1) throw usage(`${a} needs a positive whole number.`);
      if (a === '--limit') limit = v;
      else depth = v;
    } else if (a === '--debug') continue;
    else if (a.startsWith('-') && a.length > 1) throw usage(`unknown option ${a}.`);
    else rest.push(a);
  }
  if (rest.length !== 1) throw usage(rest.length === 0 ? 'missing location.' : 'exactly one location expected.');
  return { recursive, limit, depth, location: rest[0]! };
}

const isFolderLike = (e: Entry) => e.place !== undefined && e.kind !== 'item' && e.kind !== 'catalog';

/** One line: kind, date (UTC, `-` when unknown), size in bytes (`-`), the name (`/` after folders). */
export function formatEntry(e: Entry, name = e.name): string {
  const date = e.date ? e.date.slice(0, 19).replace('T', ' ') : '-';
  const size = e.size === undefined ? '-' : String(e.size);
  const slash = e.place && e.kind === 'folder' ? '/' : '';
  const note = e.note ? `  (${e.note})` : '';
  return `${e.kind.padEnd(8)} ${date.padEnd(19)} ${size.padStart(12)}  ${name}${slash}${note}`;
}

/** Probes folders (their kinds) eight at a time, in order. */
async function probeAll(lister: Lister, place: Place, entries: readonly Entry[]): Promise<Entry[]> {
  const out = [...entries];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < out.length; i = next++) {
      if (isFolderLike(out[i]!)) out[i] = await lister.probe(out[i]!, place);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

export function cliLister(): Lister {
  return createLister({
    s3Defaults: async (loc) => {
      const aws = await loadAwsEnvironment({
        profile: loc.fragment ? fragmentValue(loc.fragment, 'awsprofile') : undefined,
      });
      return { credentials: aws.credentials, region: aws.region, endpoint: aws.endpoint };
    },
  });
}

/** Runs `zarrview ls`; writes the lines to `write`. Returns the exit code. */
export async function runLs(argv: readonly string[], write: (s: string) => void, fail: (s: string) => void) {
  let args: LsArgs;
  try {
    args = parseLsArgs(argv);
  } catch (e) {
    fail(`zarrview: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const lister = cliLister();
  try {
    const place = await lister.resolve(args.location);
    if (args.recursive) {
      const w = walk(lister, place, { limit: args.limit, maxDepth: args.depth, probeFolders: true });
      for await (const e of w.entries) write(`${formatEntry(e.entry, e.path)}\n`);
      if (w.truncated()) fail(`zarrview: stopped after ${args.limit ?? 10_000} entries (--limit).\n`);
      return 0;
    }
    let cursor: string | undefined;
    let count = 0;
    const limit = args.limit ?? Infinity;
    do {
      const page = await lister.list(place, { cursor });
      const entries = await probeAll(lister, place, page.entries.slice(0, Math.max(0, limit - count)));
      for (const e of entries) write(`${formatEntry(e)}\n`);
      count += entries.length;
      cursor = count < limit ? page.next : undefined;
    } while (cursor);
    return 0;
  } catch (e) {
    fail(`zarrview: ${e instanceof Error ? e.message : String(e)}\n`);
    if (argv.includes('--debug') && e instanceof Error)
      fail(`${e.stack ?? ''}\n${isZarrviewError(e) ? e.details() : ''}\n`);
    return 1;
  }
}
