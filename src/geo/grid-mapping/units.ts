/**
 * The factor from a projected coordinate's `units` to what its mapping works in: metres for projections, radians
 * for geostationary scan angles, degrees for rotated and plain latitude/longitude. Null: not such a unit.
 */
const LENGTH: Readonly<Record<string, number>> = {
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  km: 1000,
  kilometer: 1000,
  kilometers: 1000,
  kilometre: 1000,
  kilometres: 1000,
  cm: 0.01,
  dm: 0.1,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  us_survey_foot: 1200 / 3937,
  'us survey foot': 1200 / 3937,
};
const ANGLE: Readonly<Record<string, number>> = {
  rad: 1,
  radian: 1,
  radians: 1,
  microradian: 1e-6,
  microradians: 1e-6,
  urad: 1e-6,
};
const DEGREES = /^(degrees?|deg)(_?(east|north|e|n))?$/;

/** `kind` is the mapping's own unit; `units` undefined (absent) takes that unit itself. */
export function unitScale(units: string | undefined, kind: 'length' | 'angle' | 'degrees'): number | null {
  const u = units?.trim().toLowerCase();
  if (!u || u === '1') return 1;
  if (kind === 'length') return LENGTH[u] ?? (/^1000 ?m$/.test(u) ? 1000 : null);
  if (kind === 'angle') {
    if (ANGLE[u] !== undefined) return ANGLE[u];
    return DEGREES.test(u) ? Math.PI / 180 : null;
  }
  if (DEGREES.test(u)) return 1;
  return ANGLE[u] !== undefined ? (ANGLE[u] * 180) / Math.PI : null;
}
