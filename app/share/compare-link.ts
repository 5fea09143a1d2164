/**
 * The share-link keys of a comparison with a second dataset: `burl` (B's location, redacted as A's `url` is),
 * `bvar` (B's variable), `blink` (`index`; absent: by coordinates), `bdiff` (regridding: `nearest`, `area`; absent:
 * bilinear), `bview` (`diff`, `map`, `meta`; absent: side by side) and `bstep` (B's dimensions held at B's own step,
 * `dim:index,…` as A's `i`). Decoding treats them as hostile, as `url` is.
 */
import { redactLocation } from '../core';
import {
  COMPARE_MODES,
  LINK_MODES,
  REGRID_CHOICES,
  type CompareMode,
  type CompareSettings,
  type LinkMode,
  type RegridChoice,
} from '../state/compare-settings';

const PATH_RE = /^\/\P{Cc}{0,1024}$/u;

/** Adds a comparison's keys to a link's parameters (defaults left out). */
export function encodeCompare(p: URLSearchParams, b: CompareSettings): void {
  p.set('burl', redactLocation(b.url));
  if (b.variable) p.set('bvar', b.variable);
  if (b.link !== 'coords') p.set('blink', b.link);
  if (b.method !== 'linear') p.set('bdiff', b.method);
  if (b.mode !== 'side') p.set('bview', b.mode);
  const steps = Object.entries(b.steps ?? {});
  if (steps.length) p.set('bstep', steps.map(([k, v]) => `${encodeURIComponent(k)}:${v}`).join(','));
}

const NAME_RE = /^\P{Cc}{1,256}$/u;

/** B's own steps from `bstep`, or null when malformed. */
function decodeSteps(text: string): Record<string, number> | null {
  const steps = Object.create(null) as Record<string, number>;
  const parts = text.split(',');
  if (parts.length > 64) return null;
  for (const part of parts) {
    const m = /^([^:]+):(\d{1,12})$/.exec(part);
    if (!m) return null;
    let name: string;
    try {
      name = decodeURIComponent(m[1] ?? '');
    } catch {
      return null;
    }
    if (!NAME_RE.test(name) || name === '__proto__') return null;
    steps[name] = Number(m[2]);
  }
  return steps;
}

/** The reason a location cannot be opened from a link, or null when it can (the rules of A's `url`). */
export function locationProblem(url: string, what: string): string | null {
  if (url.length > 4096 || /[\p{Cc}\s]/u.test(url)) return `The ${what} address in this link is not valid.`;
  if (!/^(https?|s3):\/\/[^/?#]/i.test(url))
    return `The ${what} address in this link must be an http(s):// or s3:// URL.`;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url))
    return `This link carries credentials in the ${what} address; it was not opened.`;
  return null;
}

function oneOf<T extends string>(p: URLSearchParams, key: string, allowed: readonly T[], fallback: T): T | null {
  const v = p.get(key);
  if (v === null) return fallback;
  return (allowed as readonly string[]).includes(v) ? (v as T) : null;
}

/**
 * A comparison from a link's parameters: the settings, null when the link has none, or a message for the user.
 * Never throws.
 */
export function decodeCompare(p: URLSearchParams): CompareSettings | null | string {
  const url = p.get('burl');
  const keys = ['bvar', 'blink', 'bdiff', 'bview', 'bstep'];
  if (url === null) return keys.some((k) => p.has(k)) ? 'This link compares with a dataset it does not name.' : null;
  const problem = locationProblem(url, 'second dataset');
  if (problem) return problem;
  const variable = p.get('bvar');
  if (variable !== null && !PATH_RE.test(variable))
    return 'The variable of the second dataset in this link is not valid.';
  const link = oneOf<LinkMode>(p, 'blink', LINK_MODES, 'coords');
  if (link === null) return 'The link mode of the comparison in this link is not valid.';
  const method = oneOf<RegridChoice>(p, 'bdiff', REGRID_CHOICES, 'linear');
  if (method === null) return 'The regridding of the comparison in this link is not valid.';
  const mode = oneOf<CompareMode>(p, 'bview', COMPARE_MODES, 'side');
  if (mode === null) return 'The comparison view in this link is not valid.';
  const stepText = p.get('bstep');
  const steps = stepText === null ? undefined : decodeSteps(stepText);
  if (steps === null) return 'The steps of the second dataset in this link are not valid.';
  return { url, variable: variable ?? undefined, link, method, mode, ...(steps ? { steps } : {}) };
}
