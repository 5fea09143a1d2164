/**
 * The DSG Map's own time and depth sliders, for marks stacked at one place (ragged stations and profiles): each
 * runs over the distinct values of the elements' coordinate, its value shown as a date or a number.
 */
export interface DsgSlider {
  /** `time` or `z`: the test id is `dsg-time` / `dsg-z`. */
  readonly key: 'time' | 'z';
  readonly label: string;
  readonly steps: readonly number[];
  readonly texts: readonly string[];
  readonly index: number;
}

export function DsgSliders({
  sliders,
  onChange,
}: {
  sliders: readonly DsgSlider[];
  onChange: (key: 'time' | 'z', index: number) => void;
}) {
  if (sliders.length === 0) return null;
  return (
    <div className="map-controls" data-testid="dsg-sliders">
      {sliders.map((s) => (
        <label key={s.key}>
          {s.label}{' '}
          <input
            type="range"
            min={0}
            max={s.steps.length - 1}
            step={1}
            value={s.index}
            data-testid={`dsg-${s.key}`}
            aria-valuetext={s.texts[s.index]}
            onChange={(e) => onChange(s.key, Number(e.target.value))}
          />{' '}
          <output data-testid={`dsg-${s.key}-value`}>{s.texts[s.index]}</output>
        </label>
      ))}
    </div>
  );
}
