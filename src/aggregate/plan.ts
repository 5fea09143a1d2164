/**
 * The plan of a join from the members read so far: the join most members agree on, the members that fit it (the
 * variable set and grid most of them share, the prototype's coordinate units), ordered by the joined coordinate,
 * and where each one starts along the joined dimension. Members that do not fit are named, with why.
 */
import type { JoinChoice, LeftOut, Member } from './types';

export interface JoinPlan {
  readonly choice: JoinChoice;
  /** Members in joined order; the first is the prototype (its attributes and non-joined variables are shown). */
  readonly members: readonly Member[];
  /** Where each member starts along the joined dimension (same order), and the total length. */
  readonly offsets: readonly number[];
  readonly length: number;
  readonly leftOut: readonly LeftOut[];
}

/** The most common value of `key` over `items`; ties go to the item given first (lowest `index`). */
function mostCommon<T extends { readonly index: number }>(items: readonly T[], key: (x: T) => string): string {
  const counts = new Map<string, { n: number; first: number }>();
  for (const x of items) {
    const k = key(x);
    const c = counts.get(k) ?? { n: 0, first: x.index };
    c.n++;
    c.first = Math.min(c.first, x.index);
    counts.set(k, c);
  }
  let best = '';
  let bestCount = { n: -1, first: Infinity };
  for (const [k, c] of counts)
    if (c.n > bestCount.n || (c.n === bestCount.n && c.first < bestCount.first)) [best, bestCount] = [k, c];
  return best;
}

const choiceKey = (c: JoinChoice) => `${c.kind}:${c.dimension}`;

/** Why a member's variables differ from the reference's, in a few words. */
function difference(member: string, reference: string): string {
  const mine = new Map(member.split('\n').map((l) => [l.split('|')[0]!, l]));
  const theirs = new Map(reference.split('\n').map((l) => [l.split('|')[0]!, l]));
  const missing = [...theirs.keys()].filter((p) => !mine.has(p));
  const extra = [...mine.keys()].filter((p) => !theirs.has(p));
  if (missing.length || extra.length) {
    const parts = [];
    if (missing.length) parts.push(`lacks ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`);
    if (extra.length) parts.push(`has ${extra.slice(0, 3).join(', ')}${extra.length > 3 ? ', …' : ''} besides`);
    return `another variable set (it ${parts.join(' and ')})`;
  }
  for (const [p, line] of mine) {
    const other = theirs.get(p)!;
    if (line === other) continue;
    const [, type, dims] = line.split('|');
    const [, otherType, otherDims] = other.split('|');
    if (type !== otherType) return `another type: ${p} is ${type}, not ${otherType}`;
    return `another grid: ${p} is (${dims}), not (${otherDims})`;
  }
  return 'another structure';
}

const firstValue = (m: Member) => m.coordinate?.[0] ?? NaN;

/** The join's plan from the members read so far (in any order) and the ones that failed. */
export function planJoin(read: readonly Member[], failed: readonly LeftOut[]): JoinPlan | undefined {
  if (read.length === 0) return undefined;
  const leftOut: LeftOut[] = [...failed];
  const chosen = mostCommon(read, (m) => choiceKey(m.choice));
  const sameJoin: Member[] = [];
  for (const m of read)
    if (choiceKey(m.choice) === chosen) sameJoin.push(m);
    else {
      const c = sameJoin[0]?.choice ?? read.find((x) => choiceKey(x.choice) === chosen)!.choice;
      leftOut.push({
        location: m.location,
        message: `${m.location} is left out: it would be joined along ${m.choice.dimension}, the others along ${c.dimension}.`,
      });
    }
  const reference = mostCommon(sameJoin, (m) => m.signature);
  const fitting: Member[] = [];
  for (const m of sameJoin)
    if (m.signature !== reference)
      leftOut.push({
        location: m.location,
        message: `${m.location} is left out: ${difference(m.signature, reference)}.`,
      });
    else if (m.length === 0)
      leftOut.push({ location: m.location, message: `${m.location} is left out: it holds no ${m.choice.dimension}.` });
    else fitting.push(m);
  const ordered = fitting.some((m) => m.coordinate === undefined)
    ? [...fitting].sort((a, b) => a.index - b.index)
    : [...fitting].sort((a, b) => firstValue(a) - firstValue(b) || a.index - b.index);
  const units = ordered[0]?.units;
  const members: Member[] = [];
  for (const m of ordered)
    if (m.units !== units)
      leftOut.push({
        location: m.location,
        message: `${m.location} is left out: its ${m.choice.dimension} is in ${m.units ?? 'no units'}, the first member's in ${units ?? 'none'}.`,
      });
    else members.push(m);
  if (members.length === 0) return undefined;
  const offsets: number[] = [];
  let length = 0;
  for (const m of members) {
    offsets.push(length);
    length += m.length;
  }
  const position = new Map<string, number>(read.map((m) => [m.location, m.index]));
  const at = (x: LeftOut) => x.index ?? position.get(x.location) ?? Infinity;
  leftOut.sort((a, b) => at(a) - at(b));
  return { choice: members[0]!.choice, members, offsets, length, leftOut };
}
