/** Colour bar ticks by name (enums with few members), pure. */
import { ticksWithin } from '../../usertypes/enum-labels';
import type { ValueLabels } from './slice-frame';

/** Ticks by name within the colour range [lo, hi], or null (no names, or none of them in the range). */
export function labelTicks(
  labels: ValueLabels | undefined,
  lo: number,
  hi: number,
): { vals: number[]; text: string[] } | null {
  if (!labels?.ticks) return null;
  const t = ticksWithin(labels.ticks, lo, hi);
  return t.vals.length ? t : null;
}
