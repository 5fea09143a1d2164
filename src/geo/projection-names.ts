/** The map projections offered (names only: the projection code loads with the map view). */
export const PROJECTIONS = [
  'equirectangular',
  'equal-earth',
  'robinson',
  'orthographic',
  'north-polar',
  'south-polar',
] as const;
export type ProjectionName = (typeof PROJECTIONS)[number];

export const PROJECTION_LABELS: Record<ProjectionName, string> = {
  equirectangular: 'Equirectangular',
  'equal-earth': 'Equal Earth',
  robinson: 'Robinson',
  orthographic: 'Orthographic',
  'north-polar': 'North polar stereographic',
  'south-polar': 'South polar stereographic',
};

export function isProjectionName(s: string): s is ProjectionName {
  return (PROJECTIONS as readonly string[]).includes(s);
}
