/**
 * The metadata diff of two datasets (or of one chosen pair of variables): what differs between their CDL, by
 * meaning. Groups, dimensions and variables are matched by full path; attributes by name, whatever their order;
 * values by netCDF type and value (NaN equals NaN); encodings (chunks, codec pipeline, fill value, byte order,
 * storage) by what they mean, not how the metadata spells them. Nothing is read but the two models.
 *
 * @example
 * const d = diffDatasets(a, b);
 * process.stdout.write(formatMetadataDiff(d));
 */
import { attributeValues } from '../cdl/attributes';
import { cdlName, cdlString } from '../cdl/escape';
import { doubleAttr, floatAttr, intAttr } from '../cdl/number';
import { typeName } from '../cdl/header';
import { walkGroups } from '../model/find';
import type { Attribute, Codec, Dataset, Dimension, FillValue, Group, Variable } from '../model/types';

/** Sections of the diff, in the order they are listed. */
export const DIFF_SECTIONS = ['dataset', 'groups', 'dimensions', 'variables', 'attributes', 'encodings'] as const;
export type DiffSection = (typeof DIFF_SECTIONS)[number];

/** `only-in-a`: A has it and B does not; `only-in-b`: the reverse; `changed`: both have it, with different values. */
export type DiffKind = 'only-in-a' | 'only-in-b' | 'changed';

/** The kind of object `path` names. */
export type DiffTarget = 'dataset' | 'group' | 'dimension' | 'variable';

export interface MetadataDifference {
  readonly section: DiffSection;
  readonly kind: DiffKind;
  readonly target: DiffTarget;
  /**
   * Full path of the object: the group (`/` for the dataset and the global attributes), the dimension or the
   * variable. For an attribute, the path of its group or variable (`target` says which).
   */
  readonly path: string;
  /** B's path when it is not A's (the chosen-pair mode: `/t2m` against `/tas`). */
  readonly pathB?: string | undefined;
  /**
   * What differs: '' for a whole group, dimension or variable present on one side only; an attribute's name; or a
   * property: dataset `zarr format`, `nczarr`, `consolidated`, `xarray dimensions`, `file format`; dimension
   * `length`, `unlimited`; variable `type`, `dimensions`; encoding `chunks`, `codecs`, `fill value`, `byte order`,
   * `storage`, `order`, `dtype`, `string length`.
   */
  readonly property: string;
  /** A's value as CDL-like text (absent when only B has it). */
  readonly a?: string | undefined;
  /** B's value as CDL-like text (absent when only A has it). */
  readonly b?: string | undefined;
}

export interface MetadataDiff {
  /** `datasets`: two whole datasets; `variables`: one chosen pair of variables. */
  readonly scope: 'datasets' | 'variables';
  /** The dataset names (scope `datasets`) or the two variables' paths (scope `variables`). */
  readonly a: string;
  readonly b: string;
  /** In section order, then tree order. Empty when nothing differs. */
  readonly differences: readonly MetadataDifference[];
  readonly identical: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Uint8Array);

/** Equality by value: NaN equals NaN, bigint equals the same integer, objects whatever their key order. */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x === 'number' && typeof y === 'number') return Number.isNaN(x) && Number.isNaN(y);
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number')) {
    // 64-bit values: a bigint and a number holding the same integer.
    return Number.isInteger(typeof x === 'number' ? x : y) && BigInt(x as number) === BigInt(y as number);
  }
  if (x instanceof Uint8Array && y instanceof Uint8Array) return x.length === y.length && x.every((b, i) => b === y[i]);
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  if (isObject(x) && isObject(y)) {
    const kx = Object.keys(x).filter((k) => x[k] !== undefined);
    const ky = Object.keys(y).filter((k) => y[k] !== undefined);
    return kx.length === ky.length && kx.every((k) => k in y && sameValue(x[k], y[k]));
  }
  return false;
}

/** Whether two attributes of the same name hold the same netCDF type and values. */
export function sameAttribute(a: Attribute, b: Attribute): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'user' && b.type === 'user')
    return a.userType.name === b.userType.name && a.userType.kind === b.userType.kind && sameValue(a.value, b.value);
  return sameValue(a.value, b.value);
}

/** An attribute's values in CDL (`"K"`, `1.5f, 2.f`, `string "a", "b"`). */
export function attributeText(a: Attribute): string {
  return `${a.type === 'string' ? 'string ' : ''}${attributeValues(a)}`;
}

/** A fill value in CDL for the variable's type; `none` when the variable has no fill (`_NoFill`). */
export function fillText(v: Variable, x: FillValue = v.fillValue): string {
  if (x === null) return 'none';
  if (typeof x === 'string') return `"${cdlString(x)}"`;
  if (typeof x === 'boolean') return String(x);
  if (typeof x === 'bigint') return intAttr(x, v.type);
  if (x instanceof Uint8Array) return `0x${[...x].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(x)) return `(${x.map((n) => doubleAttr(n as number)).join(', ')})`;
  const n = x as number;
  if (v.type === 'float') return floatAttr(n);
  if (v.type === 'double' || v.type === 'half' || !Number.isInteger(n)) return doubleAttr(n);
  return intAttr(n, v.type);
}

const BLOSC_SHUFFLE: Record<string, string> = { '0': 'noshuffle', '1': 'shuffle', '2': 'bitshuffle', '-1': 'auto' };

/**
 * A variable's codec pipeline as compared: the file's own filters then the chain, without the v3 `bytes` codec
 * (its byte order is compared as `byte order`, and v2 has it implicitly) and with Blosc's shuffle by name and
 * without the `typesize` v3 adds (the item size is the type's), so the same pipeline in v2 and v3 compares equal.
 */
export function comparableCodecs(v: Variable): Codec[] {
  return [...(v.storeCodecs ?? []), ...v.codecs]
    .filter((c) => !(c.id === 'bytes' && Object.keys(c.configuration).every((k) => k === 'endian')))
    .map((c) => {
      if (c.id !== 'blosc') return c;
      const { typesize: _typesize, shuffle, ...rest } = c.configuration;
      const named = shuffle === undefined ? undefined : (BLOSC_SHUFFLE[String(shuffle)] ?? shuffle);
      return { id: c.id, configuration: named === undefined ? rest : { ...rest, shuffle: named } };
    });
}

function jsonText(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    if (v instanceof Uint8Array) return [...v];
    if (isObject(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, v[k]]),
      );
    return v;
  });
}

/** The pipeline as text: `blosc(blocksize=0, clevel=5, cname="lz4", shuffle="shuffle"), zlib(level=4)`, or `none`. */
export function codecsText(codecs: readonly Codec[]): string {
  if (codecs.length === 0) return 'none';
  return codecs
    .map((c) => {
      const keys = Object.keys(c.configuration)
        .filter((k) => c.configuration[k] !== undefined)
        .sort();
      return `${c.id}(${keys.map((k) => `${k}=${jsonText(c.configuration[k])}`).join(', ')})`;
    })
    .join(', ');
}

/** A dimension by its full path: `/time = 4`, `/time = UNLIMITED (4 currently)`. */
const dimensionText = (d: Dimension) => `${d.path} = ${d.unlimited ? `UNLIMITED (${d.length} currently)` : d.length}`;

const dimensionsText = (v: Variable, lengths: boolean) =>
  `(${v.dimensions.map((d) => (lengths ? `${cdlName(d.name)} = ${d.length}` : cdlName(d.name))).join(', ')})`;

/** A variable's declaration by its full path: `float /t2m(time, latitude, longitude)`. */
const declaration = (v: Variable) =>
  `${typeName(v)} ${v.path}${v.dimensions.length > 0 ? dimensionsText(v, false) : ''}`;

/** Zarr's dtype without its byte order (`<f4` → `f4`); v3 names have none. */
const dtypeCore = (v: Variable) => v.dtype.replace(/^[<>|=]/, '');
/** The fill value as stored: a float variable's as float32 (NCZarr's JSON `9.96921e+36` is NC_FILL_FLOAT). */
const storedFill = (v: Variable) =>
  v.type === 'float' && typeof v.fillValue === 'number' ? Math.fround(v.fillValue) : v.fillValue;

// ---------------------------------------------------------------------------------------------------------------
// Diffing

type Emit = (d: Omit<MetadataDifference, 'pathB'>) => void;

function byName<T extends { readonly name: string }>(xs: readonly T[]): Map<string, T> {
  return new Map(xs.map((x) => [x.name, x]));
}

/** Attributes only on one side or with another value; the order of either list does not matter. */
function diffAttributes(
  a: readonly Attribute[],
  b: readonly Attribute[],
  path: string,
  target: 'group' | 'variable',
  emit: Emit,
): void {
  const bs = byName(b);
  const as = byName(a);
  for (const x of a) {
    const y = bs.get(x.name);
    if (!y) emit({ section: 'attributes', kind: 'only-in-a', target, path, property: x.name, a: attributeText(x) });
    else if (!sameAttribute(x, y))
      emit({
        section: 'attributes',
        kind: 'changed',
        target,
        path,
        property: x.name,
        a: attributeText(x),
        b: attributeText(y),
      });
  }
  for (const y of b)
    if (!as.has(y.name))
      emit({ section: 'attributes', kind: 'only-in-b', target, path, property: y.name, b: attributeText(y) });
}

interface VariableOptions {
  /**
   * Paths of dimensions whose length difference is reported at the dimension: a variable over one of them (the
   * same dimension on both sides) does not report the length again.
   */
  readonly reportedLengths?: ReadonlySet<string> | undefined;
}

function diffVariablePair(a: Variable, b: Variable, emit: Emit, o: VariableOptions = {}): void {
  const path = a.path;
  const change = (section: DiffSection, property: string, x: string, y: string) => {
    if (x !== y) emit({ section, kind: 'changed', target: 'variable', path, property, a: x, b: y });
  };
  const typeA = typeName(a);
  const typeB = typeName(b);
  change('variables', 'type', typeA, typeB);
  const sameNames =
    a.dimensions.length === b.dimensions.length && a.dimensions.every((d, i) => d.name === b.dimensions[i]?.name);
  const lengthsDiffer = a.dimensions.some((d, i) => {
    const e = b.dimensions[i];
    return e !== undefined && d.length !== e.length && !(d.path === e.path && o.reportedLengths?.has(d.path));
  });
  if (!sameNames || lengthsDiffer) {
    // Lengths shown when they are what differs (or when the names do too and the lengths tell more).
    const lengths = lengthsDiffer || !sameNames;
    change('variables', 'dimensions', dimensionsText(a, lengths), dimensionsText(b, lengths));
  }
  diffAttributes(a.attributes, b.attributes, path, 'variable', emit);

  // Encodings.
  change('encodings', 'storage', a.storage, b.storage);
  if (a.storage === 'chunked' && b.storage === 'chunked')
    change('encodings', 'chunks', a.chunks.join(', '), b.chunks.join(', '));
  const ca = comparableCodecs(a);
  const cb = comparableCodecs(b);
  const sameCodecs =
    ca.length === cb.length &&
    ca.every((c, i) => c.id === cb[i]?.id && sameValue(c.configuration, cb[i]?.configuration));
  if (!sameCodecs)
    emit({
      section: 'encodings',
      kind: 'changed',
      target: 'variable',
      path,
      property: 'codecs',
      a: codecsText(ca),
      b: codecsText(cb),
    });
  if (!sameValue(storedFill(a), storedFill(b)))
    emit({
      section: 'encodings',
      kind: 'changed',
      target: 'variable',
      path,
      property: 'fill value',
      a: fillText(a),
      b: fillText(b),
    });
  if (a.endianness !== 'none' && b.endianness !== 'none') change('encodings', 'byte order', a.endianness, b.endianness);
  change('encodings', 'order', a.order, b.order);
  // The same netCDF type stored as another Zarr type (`<M8[ns]` / `<M8[s]`), when both speak the same format.
  if (typeA === typeB && a.zarr.zarrFormat === b.zarr.zarrFormat)
    change('encodings', 'dtype', dtypeCore(a), dtypeCore(b));
  change('encodings', 'string length', String(a.maxStrlen ?? ''), String(b.maxStrlen ?? ''));
}

const SECTION_RANK = new Map<DiffSection, number>(DIFF_SECTIONS.map((s, i) => [s, i]));

function finish(scope: MetadataDiff['scope'], a: string, b: string, found: MetadataDifference[]): MetadataDiff {
  // Stable: tree order within each section.
  const differences = found
    .map((d, i) => ({ d, i }))
    .sort((x, y) => (SECTION_RANK.get(x.d.section) ?? 0) - (SECTION_RANK.get(y.d.section) ?? 0) || x.i - y.i)
    .map((x) => x.d);
  return { scope, a, b, differences, identical: differences.length === 0 };
}

/**
 * The differences between two variables, whatever their paths (`/t2m` of one dataset against `/tas` of another):
 * type, dimensions (names, order, lengths), attributes and encodings. Each difference has A's path, and B's as
 * `pathB` when it is another.
 */
export function diffVariables(a: Variable, b: Variable): MetadataDiff {
  const found: MetadataDifference[] = [];
  diffVariablePair(a, b, (d) => found.push(a.path === b.path ? d : { ...d, pathB: b.path }));
  return finish('variables', a.path, b.path, found);
}

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

// ---------------------------------------------------------------------------------------------------------------
// Text

/**
 * Where a difference is, as a CDL-like reference: `/t2m` (variable), `/time` (dimension), `/grp` (group); with
 * an attribute, `/t2m:units`, `:title` (global) or `/grp/:title` (group). In the pair mode the variable is the
 * diff's own and is left out (`:units`, `chunks`).
 */
function where(d: MetadataDifference, pair: boolean): string {
  if (d.section === 'attributes') {
    const owner = pair ? '' : d.target === 'group' ? (d.path === '/' ? '' : `${d.path}/`) : d.path;
    return `${owner}:${cdlName(d.property)}`;
  }
  if (pair) return d.property;
  if (d.target === 'dataset') return d.property;
  return d.property === '' ? d.path : `${d.path} ${d.property}`;
}

/** One line: `~ /t2m chunks: 1, 19, 36 -> 2, 19, 36`, `- float /sp(time, latitude, longitude)`, `+ :comment = "x"`. */
export function differenceLine(d: MetadataDifference, pair = false): string {
  const w = where(d, pair);
  if (d.kind === 'changed')
    return d.section === 'attributes' ? `~ ${w} = ${d.a} -> ${d.b}` : `~ ${w}: ${d.a} -> ${d.b}`;
  const sign = d.kind === 'only-in-a' ? '-' : '+';
  const value = d.kind === 'only-in-a' ? d.a : d.b;
  if (d.section === 'attributes') return `${sign} ${w} = ${value ?? ''}`;
  // A group's path, a dimension (`/time = 4`), a variable's declaration (`float /sp(time, lat, lon)`).
  return `${sign} ${value ?? w}`;
}

/**
 * The diff as text, one line per difference under a line naming its section (`dataset:`, `groups:`,
 * `dimensions:`, `variables:`, `attributes:`, `encodings:`), after `--- A` / `+++ B` lines naming the two sides;
 * `No difference.` alone when nothing differs. `labels` override the names in the header lines.
 */
export function formatMetadataDiff(
  diff: MetadataDiff,
  labels: { readonly a?: string; readonly b?: string } = {},
): string {
  if (diff.identical) return 'No difference.\n';
  const pair = diff.scope === 'variables';
  let out = `--- A ${labels.a ?? diff.a}\n+++ B ${labels.b ?? diff.b}\n`;
  for (const section of DIFF_SECTIONS) {
    const lines = diff.differences.filter((d) => d.section === section);
    if (lines.length === 0) continue;
    out += `${section}:\n`;
    for (const d of lines) out += `  ${differenceLine(d, pair)}\n`;
  }
  return out;
}
