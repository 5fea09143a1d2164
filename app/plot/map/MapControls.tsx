/** The map's toolbar: projection, coastlines, and the centre (number fields; the globe can also be dragged). */
import { PROJECTIONS, PROJECTION_LABELS, isProjectionName } from '../../core';
import type { ViewOptions } from '../../state/view-options';
import { CheckOption } from '../../common/CheckOption';

interface Props {
  readonly options: ViewOptions;
  readonly setOptions: (o: Partial<ViewOptions>) => void;
}

export function MapControls({ options, setOptions }: Props) {
  return (
    <div className="toolbar">
      <label>
        Projection{' '}
        <select
          value={options.projection}
          onChange={(e) => isProjectionName(e.target.value) && setOptions({ projection: e.target.value })}
          data-testid="projection"
        >
          {PROJECTIONS.map((p) => (
            <option key={p} value={p}>
              {PROJECTION_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <CheckOption
        checked={options.coastlines}
        onChange={(coastlines) => setOptions({ coastlines })}
        testId="coastlines"
      >
        Coastlines
      </CheckOption>
      <label>
        Centre longitude{' '}
        <input
          className="num"
          type="number"
          min={-180}
          max={360}
          value={options.center[0]}
          onChange={(e) => setOptions({ center: [Number(e.target.value) || 0, options.center[1]] })}
          data-testid="center-lon"
        />
      </label>
      {options.projection === 'orthographic' && (
        <label>
          Centre latitude{' '}
          <input
            className="num"
            type="number"
            min={-90}
            max={90}
            value={options.center[1]}
            onChange={(e) =>
              setOptions({ center: [options.center[0], Math.max(-90, Math.min(90, Number(e.target.value) || 0))] })
            }
            data-testid="center-lat"
          />
        </label>
      )}
    </div>
  );
}
