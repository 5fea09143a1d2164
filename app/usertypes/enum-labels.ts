/**
 * Enum values by their member names, pure: the name of a value (undefined for a value no member has: the viewer
 * then shows the integer), a cell's text with the integer as its title, and ticks by name for colour bars and
 * line axes when the enum has few members.
 *
 * @example
 * const labels = enumLabels(cloudType);
 * labels.name(2);      // 'Stratus'
 * labels.text(77);     // '77'
 * labels.ticks;        // { vals: [0, 1, …, 255], text: ['Clear', …, 'Missing'] } (≤ 12 members), else null
 */
import type { UserType } from '../core';

export type EnumType = UserType & { readonly kind: 'enum' };

/** Enums with more members than this get numeric ticks. */
export const MAX_TICK_MEMBERS = 12;

export interface EnumLabels {
  /** The member name of a value, or undefined. */
  name(v: number | bigint): string | undefined;
  /** The name, or the integer for a value no member has. */
  text(v: number | bigint): string;
  /** Tick values and names (members in value order) for at most `MAX_TICK_MEMBERS` members, else null. */
  readonly ticks: { readonly vals: number[]; readonly text: string[] } | null;
}

const key = (v: number | bigint): string | null => {
  if (typeof v === 'bigint') return v.toString();
  return Number.isInteger(v) ? BigInt(v).toString() : null;
};

export function enumLabels(t: EnumType): EnumLabels {
  const byValue = new Map<string, string>();
  for (const m of t.members) {
    const k = key(m.value);
    if (k !== null && !byValue.has(k)) byValue.set(k, m.name);
  }
  const name = (v: number | bigint) => {
    const k = key(v);
    return k === null ? undefined : byValue.get(k);
  };
  const sorted = [...t.members].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const ticks =
    t.members.length > 0 && t.members.length <= MAX_TICK_MEMBERS
      ? { vals: sorted.map((m) => Number(m.value)), text: sorted.map((m) => m.name) }
      : null;
  return { name, text: (v) => name(v) ?? (typeof v === 'number' && Number.isNaN(v) ? '' : String(v)), ticks };
}

/** The ticks of an enum that lie within [lo, hi] (a colour bar shows only those). */
export function ticksWithin(
  ticks: { readonly vals: readonly number[]; readonly text: readonly string[] },
  lo: number,
  hi: number,
): { vals: number[]; text: string[] } {
  const vals: number[] = [];
  const text: string[] = [];
  ticks.vals.forEach((v, i) => {
    if (v >= lo && v <= hi) {
      vals.push(v);
      text.push(ticks.text[i] ?? String(v));
    }
  });
  return { vals, text };
}
