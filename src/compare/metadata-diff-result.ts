/**
 * What a metadata diff is made of: its sections, the record of one difference and the diff itself, put in section
 * order (`finish`), and the diff as text (`formatMetadataDiff`). metadata-diff-variables.ts and metadata-diff.ts
 * find the differences.
 */
import { cdlName } from '../cdl/escape';

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

/** How a step of the diff reports one difference (B's path is added by the pair mode). */
export type Emit = (d: Omit<MetadataDifference, 'pathB'>) => void;

const SECTION_RANK = new Map<DiffSection, number>(DIFF_SECTIONS.map((s, i) => [s, i]));

/** The diff of what was found: its differences in section order. */
export function finish(scope: MetadataDiff['scope'], a: string, b: string, found: MetadataDifference[]): MetadataDiff {
  // Stable: tree order within each section.
  const differences = found
    .map((d, i) => ({ d, i }))
    .sort((x, y) => (SECTION_RANK.get(x.d.section) ?? 0) - (SECTION_RANK.get(y.d.section) ?? 0) || x.i - y.i)
    .map((x) => x.d);
  return { scope, a, b, differences, identical: differences.length === 0 };
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
