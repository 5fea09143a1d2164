/**
 * The Report on a variable's CF discrete sampling geometry (CF §9: `featureType`, its layout and instances, what
 * names them) and on its CF simple geometry (CF §7.5: the container, its geometry type and instances), or what
 * stops the Map from drawing them (counts that do not add up, no latitude/longitude, a malformed container).
 * Faults inside the arrays (a ragged count past the observations, an index out of range) are found once the Map
 * reads them, and named there.
 */
import { findDsg } from '../geo/dsg/detect';
import type { DsgSpec } from '../geo/dsg/types';
import { findGeometry } from '../geo/geometry/detect';
import type { GeometrySpec } from '../geo/geometry/types';
import type { Dataset, Variable } from '../model/types';
import type { Finding } from './types';

const LAYOUTS: Record<DsgSpec['layout'], string> = {
  multidimensional: 'multidimensional (orthogonal or incomplete) arrays',
  contiguous: 'a contiguous ragged array',
  indexed: 'an indexed ragged array',
  point: 'one dimension of points',
  single: 'a single feature (no instance dimension)',
};

const INSTANCES: Record<DsgSpec['featureType'], string> = {
  point: 'points',
  timeSeries: 'stations',
  trajectory: 'trajectories',
  profile: 'profiles',
  timeSeriesProfile: 'stations',
  trajectoryProfile: 'trajectories',
};

function dsgMessage(s: DsgSpec): string {
  const count =
    s.layout === 'single'
      ? `1 ${s.featureType} feature of ${s.length.toLocaleString('en')} elements along ${s.elementDim}`
      : s.layout === 'point' || s.instanceDim === null
        ? `${s.length.toLocaleString('en')} points along ${s.elementDim}`
        : `${s.instances.toLocaleString('en')} ${INSTANCES[s.featureType]} along ${s.instanceDim}`;
  const named = s.ids ?? s.names;
  const ragged = s.ragged ? ` (${s.ragged})` : '';
  return (
    `A CF discrete sampling geometry: featureType ${s.featureType}, stored as ${LAYOUTS[s.layout]}${ragged}; ` +
    `${count}${named ? `, named by ${named}` : ''}; placed by ${s.longitude} and ${s.latitude}.`
  );
}

function geometryMessage(s: GeometrySpec): string {
  const parts = [
    s.nodeCount ? `node_count ${s.nodeCount}` : '',
    s.partNodeCount ? `part_node_count ${s.partNodeCount}` : '',
    s.interiorRing ? `interior_ring ${s.interiorRing} (holes)` : '',
  ].filter((t) => t !== '');
  const where = s.lonLat
    ? 'longitude/latitude nodes'
    : `projected nodes through ${s.gridMapping ?? 'its grid mapping'}`;
  return (
    `CF simple geometries: ${s.instances.toLocaleString('en')} ${s.geometryType}${s.instances === 1 ? '' : 's'} ` +
    `along ${s.instanceDim} from the container ${s.container}, ${where} ${s.x} and ${s.y}` +
    `${parts.length ? `; ${parts.join(', ')}` : ''}.`
  );
}

export function featureFindings(ds: Dataset, v: Variable): Finding[] {
  const out: Finding[] = [];
  const dsg = findDsg(ds, v);
  if (dsg.kind === 'dsg')
    out.push({
      code: 'dsg',
      severity: 'info',
      path: v.path,
      message: dsgMessage(dsg.spec),
      advice: 'The Map draws each feature; a click gives its series or profile.',
    });
  else if (dsg.kind === 'problem')
    out.push({
      code: 'dsg-invalid',
      severity: 'error',
      path: v.path,
      message: `featureType ${dsg.featureType}: ${dsg.message}`,
      advice:
        'Correct the discrete sampling geometry as CF §9 and Appendix H lay it out (its count or index variable, latitude and longitude).',
    });
  const geometry = findGeometry(ds, v);
  if (geometry.kind === 'geometry')
    out.push({
      code: 'geometry',
      severity: 'info',
      path: v.path,
      message: geometryMessage(geometry.spec),
      advice: 'The Map draws each geometry in its value’s colour.',
    });
  else if (geometry.kind === 'problem')
    out.push({
      code: 'geometry-invalid',
      severity: 'error',
      path: v.path,
      message: geometry.message,
      advice: 'Correct the geometry container as CF §7.5 lays it out (geometry_type, node_coordinates, node_count).',
    });
  return out;
}
