/**
 * The metadata diff of two datasets (or of one chosen pair of variables): what differs between their CDL, by
 * meaning. Groups, dimensions and variables are matched by full path; attributes by name, whatever their order;
 * values by netCDF type and value (NaN equals NaN); encodings (chunks, codec pipeline, fill value, byte order,
 * storage) by what they mean, not how the metadata spells them. Nothing is read but the two models.
 *
 * This module diffs whole datasets; a pair of variables is compared in metadata-diff-variables.ts, and the diff's
 * records and text are in metadata-diff-result.ts (both re-exported here).
 *
 * @example
 * const d = diffDatasets(a, b);
 * process.stdout.write(formatMetadataDiff(d));
 */
import { walkGroups } from '../model/find';
import type { Dataset, Group } from '../model/types';
import { type Emit, type MetadataDiff, type MetadataDifference, finish } from './metadata-diff-result';
import { byName, declaration, diffAttributes, diffVariablePair, dimensionText } from './metadata-diff-variables';

export {
  DIFF_SECTIONS,
  differenceLine,
  formatMetadataDiff,
  type DiffKind,
  type DiffSection,
  type DiffTarget,
  type MetadataDiff,
  type MetadataDifference,
} from './metadata-diff-result';
export {
  attributeText,
  codecsText,
  comparableCodecs,
  diffVariables,
  fillText,
  sameAttribute,
  sameValue,
} from './metadata-diff-variables';

/** Dialect-level facts, compared as facts of the whole dataset. */
function datasetFacts(ds: Dataset): [string, string][] {
  if (ds.format !== undefined) return [['file format', ds.format]];
  return [
    ['file format', 'zarr'],
    ['zarr format', String(ds.dialect.zarrFormat)],
    ['nczarr', ds.dialect.nczarr ?? 'none'],
    ['consolidated', String(ds.dialect.consolidated)],
    ['xarray dimensions', String(ds.dialect.xarray)],
  ];
}

/**
 * The differences between two whole datasets: dialect facts, groups, dimensions, variables, and for everything
 * present in both (same path) its attributes and encodings. Attribute order and the order of variables in a group
 * do not count; attributes the model does not keep (`_ARRAY_DIMENSIONS`, `_nczarr_*`, `_NCProperties`) are not
 * compared.
 */
export function diffDatasets(a: Dataset, b: Dataset): MetadataDiff {
  const found: MetadataDifference[] = [];
  const emit: Emit = (d) => found.push(d);

  const factsB = new Map(datasetFacts(b));
  const factsA = new Map(datasetFacts(a));
  for (const [property, x] of factsA) {
    const y = factsB.get(property);
    if (y !== undefined && x !== y)
      emit({ section: 'dataset', kind: 'changed', target: 'dataset', path: '/', property, a: x, b: y });
  }
  // A Zarr store against a file: the Zarr facts of one side only are not differences of their own.

  const groupsA = new Map(walkGroups(a.root).map((g) => [g.path, g]));
  const groupsB = new Map(walkGroups(b.root).map((g) => [g.path, g]));
  const under = (path: string, parent: string) => parent !== '/' && path.startsWith(`${parent}/`);
  const onlyA = [...groupsA.keys()].filter((p) => !groupsB.has(p));
  const onlyB = [...groupsB.keys()].filter((p) => !groupsA.has(p));
  // Only the topmost group of a subtree present on one side is listed.
  for (const p of onlyA)
    if (!onlyA.some((q) => under(p, q)))
      emit({ section: 'groups', kind: 'only-in-a', target: 'group', path: p, property: '', a: p });
  for (const p of onlyB)
    if (!onlyB.some((q) => under(p, q)))
      emit({ section: 'groups', kind: 'only-in-b', target: 'group', path: p, property: '', b: p });

  const reportedLengths = new Set<string>();
  for (const [path, ga] of groupsA) {
    const gb = groupsB.get(path);
    if (gb) diffGroupOwn(ga, gb, emit, reportedLengths);
  }
  for (const [path, ga] of groupsA) {
    const gb = groupsB.get(path);
    if (gb) diffGroupVariables(ga, gb, emit, reportedLengths);
  }
  return finish('datasets', a.name, b.name, found);
}

/** A group's dimensions and attributes. */
function diffGroupOwn(a: Group, b: Group, emit: Emit, reportedLengths: Set<string>): void {
  const dimsB = byName(b.dimensions);
  const dimsA = byName(a.dimensions);
  for (const d of a.dimensions) {
    const e = dimsB.get(d.name);
    if (!e) {
      emit({
        section: 'dimensions',
        kind: 'only-in-a',
        target: 'dimension',
        path: d.path,
        property: '',
        a: dimensionText(d),
      });
      continue;
    }
    if (d.length !== e.length) {
      reportedLengths.add(d.path);
      emit({
        section: 'dimensions',
        kind: 'changed',
        target: 'dimension',
        path: d.path,
        property: 'length',
        a: String(d.length),
        b: String(e.length),
      });
    }
    if (d.unlimited !== e.unlimited)
      emit({
        section: 'dimensions',
        kind: 'changed',
        target: 'dimension',
        path: d.path,
        property: 'unlimited',
        a: String(d.unlimited),
        b: String(e.unlimited),
      });
  }
  for (const e of b.dimensions)
    if (!dimsA.has(e.name))
      emit({
        section: 'dimensions',
        kind: 'only-in-b',
        target: 'dimension',
        path: e.path,
        property: '',
        b: dimensionText(e),
      });
  diffAttributes(a.attributes, b.attributes, a.path, 'group', emit);
}

/** A group's own variables: present on one side only, or compared pairwise. */
function diffGroupVariables(a: Group, b: Group, emit: Emit, reportedLengths: ReadonlySet<string>): void {
  const varsB = byName(b.variables);
  const varsA = byName(a.variables);
  for (const v of a.variables) {
    const w = varsB.get(v.name);
    if (w) diffVariablePair(v, w, emit, { reportedLengths });
    else
      emit({
        section: 'variables',
        kind: 'only-in-a',
        target: 'variable',
        path: v.path,
        property: '',
        a: declaration(v),
      });
  }
  for (const w of b.variables)
    if (!varsA.has(w.name))
      emit({
        section: 'variables',
        kind: 'only-in-b',
        target: 'variable',
        path: w.path,
        property: '',
        b: declaration(w),
      });
}
