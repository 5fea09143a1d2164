/**
 * The DSG Map's own time and depth sliders (marks stacked at one place): their steps and texts from the placed
 * marks (src/geo/dsg/select.ts `sliderSteps`), the values they stand at, and the texts of a clicked feature's
 * series (times as dates, depths as numbers with the vertical coordinate's name).
 */
import { useCallback, useMemo, useState } from 'react';
import type { DsgSpec, OpenedDataset } from '../../core';
import type { MapCore } from '../../plot/map/map-core';
import type { DsgSlider } from './DsgSliders';
import type { ShownSeries } from './DsgSeries';
import type { DsgMarks } from './use-dsg-marks';

type FeatureSeries = NonNullable<ReturnType<MapCore['featureSeries']>>;

export function useDsgSliders(
  core: MapCore | null,
  dataset: OpenedDataset | null,
  spec: DsgSpec,
  marks: DsgMarks | null,
) {
  const [index, setIndex] = useState({ time: 0, z: 0 });
  const model = dataset?.model ?? null;
  const steps = useMemo(
    () => (core && marks ? core.sliderSteps(spec, marks) : { time: null, z: null }),
    // `spec` is held by its marks (read once per layout).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [core, marks],
  );
  const texts = useCallback(
    (path: string | undefined, values: readonly number[]) =>
      core && model && path ? core.coordinateTexts(model, path, values) : { texts: values.map(String), dates: false },
    [core, model],
  );
  const sliders = useMemo(() => {
    const out: DsgSlider[] = [];
    const zName = spec.z?.path.split('/').pop() ?? 'depth';
    for (const [key, label, path] of [
      ['time', 'time', spec.time?.path],
      ['z', zName, spec.z?.path],
    ] as const) {
      const s = steps[key];
      if (!s) continue;
      const i = Math.min(index[key], s.length - 1);
      out.push({ key, label, steps: s, texts: texts(path, s).texts, index: i });
    }
    return out;
  }, [steps, index, texts, spec.time?.path, spec.z?.path]);
  const tAt = sliders.find((s) => s.key === 'time');
  const zAt = sliders.find((s) => s.key === 'z');
  const time = tAt ? tAt.steps[tAt.index]! : null;
  const z = zAt ? zAt.steps[zAt.index]! : null;
  const at = useMemo(() => ({ time, z }), [time, z]);
  const set = useCallback((key: 'time' | 'z', i: number) => setIndex((old) => ({ ...old, [key]: i })), []);
  const timeText = (v: number) => (Number.isFinite(v) ? (texts(spec.time?.path, [v]).texts[0] ?? '') : '');
  const seriesOf = (fs: FeatureSeries, label: string): ShownSeries => {
    const path = fs.along === 'time' ? spec.time?.path : fs.along === 'z' ? spec.z?.path : undefined;
    const t = fs.along === 'index' ? { texts: fs.x.map(String), dates: false } : texts(path, fs.x);
    const name = path?.split('/').pop() ?? spec.elementDim;
    const units = path && core && model ? core.unitsOf(model, path) : '';
    const axis = fs.along === 'z' && units ? `${name} (${units})` : fs.along === 'time' ? 'time' : name;
    return {
      label,
      coordinate: fs.along === 'time' ? 'time' : name,
      axis,
      along: fs.along,
      dates: fs.along === 'time' && t.dates,
      x: t.texts,
      y: fs.y,
    };
  };
  const units = core && model ? core.unitsOf(model, spec.variable) : '';
  return { sliders, at, set, timeText, seriesOf, units };
}
