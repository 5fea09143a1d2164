/**
 * Whether a location is a join location (join-location.ts): kept apart so that the page's first script, which asks
 * it of every URL opened, carries only this.
 */

export const SCHEME = /^(https?|s3):\/\/([^/?#]*)(\/[^#]*)?/i;

/** The path part of a URL's body (after the host, before a query for http(s)). */
export function pathOf(body: string): string {
  const m = SCHEME.exec(body);
  if (!m) return '';
  const path = m[3] ?? '';
  return /^s3:/i.test(body) ? path : (path.split('?')[0] ?? '');
}

/** Whether a path segment has glob characters (`*`, `[…]`, `{…}`). */
export function isPatternSegment(segment: string): boolean {
  return /[*{]|\[[^\]]+\]/.test(segment);
}

/** Whether `text` is a join location: an http(s) or s3 URL whose path has glob characters or a brace set. */
export function isJoinLocation(text: string): boolean {
  const hash = text.indexOf('#');
  const body = hash < 0 ? text : text.slice(0, hash);
  return pathOf(body).split('/').some(isPatternSegment);
}
