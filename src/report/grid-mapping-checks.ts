/**
 * The Report on a variable's CF grid mapping (CF §5.6, Appendix F): which mapping it found and over which x/y, as a
 * proj4 definition, or what stops it from being used (an unknown grid_mapping_name, a missing parameter, x/y units
 * that are not a length). A `grid_mapping` naming no variable is `grid-mapping-missing` (cf-checks.ts).
 */
import { projectedGrid } from '../geo/grid-mapping/find';
import type { Dataset, Variable } from '../model/types';
import type { Finding } from './types';

const ADVICE: Readonly<Record<string, string>> = {
  'unknown-name': 'Use a grid_mapping_name of CF Appendix F (e.g. lambert_conformal_conic, geostationary).',
  'missing-parameter': 'Add the parameter CF Appendix F lists for this mapping.',
  'bad-parameter': 'Correct the parameter (CF Appendix F gives its range).',
  'no-coordinates':
    'Give x and y coordinate variables with standard_name projection_x_coordinate/projection_y_coordinate.',
  'bad-units': 'Give x/y units of length (m, km), radians for a geostationary view, degrees for a rotated pole.',
  wkt: 'Add grid_mapping_name and its CF parameters beside crs_wkt.',
};

export function gridMappingFindings(ds: Dataset, v: Variable): Finding[] {
  let r;
  try {
    r = projectedGrid(ds, v);
  } catch {
    return [];
  }
  if (r.kind === 'none') return [];
  if (r.kind === 'problem') {
    if (r.problem.kind === 'missing-variable') return [];
    return [
      {
        code: 'grid-mapping-invalid',
        severity: 'error',
        path: v.path,
        message: `${r.problem.message}.`.replace(/\.\.$/, '.'),
        advice: ADVICE[r.problem.kind] ?? 'See CF §5.6 and Appendix F.',
      },
    ];
  }
  const g = r.grid;
  const what = g.mapping.source === 'crs_wkt' ? 'crs_wkt' : g.mapping.name;
  const units = g.units ? ` [${g.units}]` : '';
  return [
    {
      code: 'grid-mapping',
      severity: 'info',
      path: v.path,
      message: `Grid mapping ${g.mappingPath} (${what}) over ${g.x.name} (x) and ${g.y.name} (y)${units}: ${g.mapping.source === 'crs_wkt' ? 'from its crs_wkt' : g.mapping.proj4}.`,
      advice: 'The Map places the field through it.',
    },
  ];
}
