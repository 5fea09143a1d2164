import { findCellGrid, type Dataset, type Group, type Variable } from '../core';
import { formatShape } from '../common/format';
import { AttributeList } from './AttributeList';
import { SourcesLine } from './SourcesLine';
import { UserTypeInfo } from './UserTypeInfo';

interface Props {
  readonly dataset: Dataset;
  readonly group: Group;
  readonly variable: Variable | null;
}

function VariableLine({ v }: { readonly v: Variable }) {
  return (
    <li>
      <code>{v.name}</code> <span className="muted">({v.dimensions.map((d) => d.name).join(', ')})</span>{' '}
      <span className="badge">{v.userType ? `${v.userType.kind} ${v.userType.name}` : v.type}</span>{' '}
      <span className="muted">{formatShape(v.shape)}</span>
    </li>
  );
}

/** The grid of cells the variable lies on (mesh, HEALPix, reduced Gaussian), or what stops it from being drawn. */
function cellGridText(dataset: Dataset, variable: Variable): string | null {
  const r = findCellGrid(dataset, variable);
  if (r.kind === 'none') return null;
  if (r.kind === 'grid') return r.grid.label;
  return `${r.label}, not drawn: ${r.problems.map((p) => p.message).join('; ')}`;
}

/** An xarray-repr-like summary of a group (dimensions, coordinates, variables, attributes) or of a variable. */
export function Overview({ dataset, group, variable }: Props) {
  if (variable) {
    const grid = cellGridText(dataset, variable);
    return (
      <div className="overview" data-testid="overview">
        <h3>
          <code>{variable.path}</code>
        </h3>
        <dl className="facts">
          <dt>Dimensions</dt>
          <dd>
            {variable.dimensions.length
              ? variable.dimensions.map((d) => `${d.name} = ${d.length}${d.unlimited ? ' (UNLIMITED)' : ''}`).join(', ')
              : 'scalar'}
          </dd>
          <dt>Type</dt>
          <dd>
            {variable.userType ? (
              <UserTypeInfo type={variable.userType} />
            ) : (
              <>
                {variable.type} <span className="muted">({variable.dtype})</span>
              </>
            )}
          </dd>
          {grid && (
            <>
              <dt>Grid</dt>
              <dd data-testid="overview-grid">{grid}</dd>
            </>
          )}
        </dl>
        <h4>Attributes</h4>
        <AttributeList attributes={variable.attributes} />
      </div>
    );
  }
  const coordNames = new Set(group.dimensions.map((d) => d.name));
  const coords = group.variables.filter(
    (v) => v.dimensions.length === 1 && coordNames.has(v.name) && v.dimensions[0]?.name === v.name,
  );
  const data = group.variables.filter((v) => !coords.includes(v));
  const d = dataset.dialect;
  return (
    <div className="overview" data-testid="overview">
      <h3>
        <code>{group.path}</code>{' '}
        <span className="muted">
          Zarr v{d.zarrFormat}
          {d.nczarr ? ` · NCZarr (${d.nczarr}${d.nczarrVersion ? ` ${d.nczarrVersion}` : ''})` : ''}
          {d.consolidated ? ' · consolidated' : ''}
        </span>
      </h3>
      {group.path === '/' && <SourcesLine />}
      <h4>Dimensions</h4>
      {group.dimensions.length ? (
        <ul className="inline-list" data-testid="dimensions">
          {group.dimensions.map((dim) => (
            <li key={dim.path}>
              <code>{dim.name}</code>: {dim.length}
              {dim.unlimited && <span className="badge">UNLIMITED</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None defined here.</p>
      )}
      <h4>Coordinates</h4>
      {coords.length ? (
        <ul>
          {coords.map((v) => (
            <VariableLine key={v.path} v={v} />
          ))}
        </ul>
      ) : (
        <p className="muted">None.</p>
      )}
      <h4>Data variables</h4>
      {data.length ? (
        <ul>
          {data.map((v) => (
            <VariableLine key={v.path} v={v} />
          ))}
        </ul>
      ) : (
        <p className="muted">{group.pending?.length ? 'None read yet.' : 'None.'}</p>
      )}
      {(group.pending?.length ?? 0) > 0 && (
        <p className="muted" data-testid="pending-count">
          {group.pending!.length} more variable{group.pending!.length === 1 ? '' : 's'}, not read yet: each is read when
          its row shows in the tree or when it is selected; the CDL and Report tabs read them all.
        </p>
      )}
      {group.groups.length > 0 && (
        <>
          <h4>Groups</h4>
          <ul>
            {group.groups.map((g) => (
              <li key={g.path}>
                <code>{g.name}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>Attributes</h4>
      <AttributeList attributes={group.attributes} />
      {group.problems.length > 0 && (
        <>
          <h4>Problems</h4>
          <ul className="problems">
            {group.problems.map((p, i) => (
              <li key={i}>
                <code>{p.key}</code>: {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
