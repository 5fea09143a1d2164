/**
 * Reading the members of a join: each member's header (its model) and its joined coordinate, nothing else, a few at
 * a time (bounded concurrency), in parallel, until done or cancelled. A member that cannot be read is one failure,
 * never the whole join's.
 */
import { AbortedError, isZarrviewError, MetadataError } from '../errors';
import type { DataContext } from '../data/context';
import { readSlice } from '../data/read-slice';
import { walkVariables } from '../model/find';
import { readDataset } from '../model/read-dataset';
import type { Group, Variable } from '../model/types';
import { chooseJoin, textAttribute } from './choose';
import type { JoinChoice, LeftOut, Member, OpenMember } from './types';

/** Paths of the variables joined along `choice` in a member whose root group is `root` (see README.md). */
export function joinedPaths(root: Group, choice: JoinChoice): Set<string> {
  const all = walkVariables(root);
  if (choice.kind === 'existing')
    return new Set(all.filter((v) => v.dimensions.some((d) => d.path === `/${choice.dimension}`)).map((v) => v.path));
  const named = new Set<string>();
  for (const v of root.variables)
    for (const n of textAttribute(v.attributes, 'coordinates')?.split(/\s+/) ?? []) if (n) named.add(n);
  return new Set(
    root.variables
      .filter(
        (v) =>
          v.name === choice.dimension ||
          (!(v.dimensions.length === 1 && v.dimensions[0]!.name === v.name) && !named.has(v.name)),
      )
      .map((v) => v.path),
  );
}

/** What must agree across members: every variable's path, type, dimensions and shape, the joined length aside. */
function signatureOf(all: readonly Variable[], choice: JoinChoice): string {
  const dim = `/${choice.dimension}`;
  return all
    .map((v) => {
      if (choice.kind === 'new' && v.path === dim) return `${v.path}|${v.type}|joined`;
      const dims = v.dimensions.map((d, i) => (d.path === dim ? `${d.name}=*` : `${d.name}=${v.shape[i]}`));
      return `${v.path}|${v.type}|${dims.join(',')}`;
    })
    .sort()
    .join('\n');
}

/** Plain numbers of a numeric slice (64-bit integers as numbers). */
function numbers(data: unknown): number[] | undefined {
  if (!ArrayBuffer.isView(data)) return undefined;
  return Array.from(data as unknown as ArrayLike<number | bigint>, (x) => Number(x));
}

/** Reads one member: its model, its join and its joined coordinate. Throws a typed error when it cannot. */
export async function readMember(
  location: string,
  index: number,
  open: OpenMember,
  asked: string | undefined,
  ctx: DataContext,
  signal: AbortSignal | undefined,
): Promise<Member> {
  const { store, dataset } = await open(location, signal);
  const ds = dataset ?? (await readDataset(store, { signal, name: location }));
  const choice = chooseJoin(ds, asked);
  if (typeof choice === 'string') throw new JoinRefusal(`${location}: ${choice}.`);
  const all = walkVariables(ds.root);
  const variables = new Map(all.map((v) => [v.path, v]));
  const coordVar = variables.get(`/${choice.dimension}`);
  let length = 1;
  if (choice.kind === 'existing') length = ds.root.dimensions.find((d) => d.name === choice.dimension)?.length ?? 0;
  let coordinate: number[] | undefined;
  const isCoord =
    coordVar &&
    (choice.kind === 'new'
      ? coordVar.shape.length === 0
      : coordVar.shape.length === 1 && coordVar.dimensions[0]?.name === choice.dimension);
  if (coordVar && isCoord) {
    const slice = await readSlice(
      store,
      coordVar,
      coordVar.shape.map(() => null),
      { signal, context: ctx, budgetBytes: 2 ** 28 },
    );
    if (slice.failedChunks?.length)
      throw new JoinRefusal(
        `${location}: its ${choice.dimension} values cannot be read: ${slice.failedChunks[0]!.message}`,
      );
    coordinate = numbers(slice.data);
    if (!coordinate) throw new JoinRefusal(`${location}: its ${choice.dimension} holds no numbers to order by.`);
  }
  return {
    location,
    index,
    store,
    root: ds.root,
    variables,
    joined: joinedPaths(ds.root, choice),
    length,
    coordinate,
    units: coordVar ? textAttribute(coordVar.attributes, 'units') : undefined,
    signature: signatureOf(all, choice),
    choice,
    format: ds.format,
    consolidated: ds.dialect.consolidated,
  };
}

/** A member that is readable but cannot be joined (no dimension to join along, a coordinate that is not numbers). */
export class JoinRefusal extends MetadataError {}

export interface ReadMembersOptions {
  readonly open: OpenMember;
  readonly join?: string | undefined;
  readonly context: DataContext;
  /** Members read at the same time (default 8). */
  readonly concurrency?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Called after each member is read or fails, in the order they finish. */
  readonly onMember?: ((read: Member | LeftOut) => void) | undefined;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Reads every member, `concurrency` at a time; resolves once all are read, or throws `AbortedError` when cancelled. */
export async function readMembers(
  locations: readonly string[],
  options: ReadMembersOptions,
): Promise<{ members: Member[]; failed: LeftOut[] }> {
  const { signal } = options;
  const members: Member[] = [];
  const failed: LeftOut[] = [];
  let next = 0;
  const worker = async () => {
    while (next < locations.length) {
      if (signal?.aborted) return;
      const index = next++;
      const location = locations[index]!;
      let done: Member | LeftOut;
      try {
        done = await readMember(location, index, options.open, options.join, options.context, signal);
        members.push(done);
      } catch (e) {
        if (signal?.aborted || (isZarrviewError(e) && e.code === 'aborted')) return;
        const why = message(e);
        done = {
          location,
          index,
          message: why.includes(location) ? why : `${location} cannot be read: ${why}`,
          cause: e,
        };
        failed.push(done);
      }
      options.onMember?.(done);
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 8, locations.length));
  await Promise.all(Array.from({ length: n }, worker));
  if (signal?.aborted) throw new AbortedError({ key: locations[0] ?? '' });
  return { members, failed };
}
