/**
 * How a variable of a netCDF-4 user-defined type is shown, pure: which member of a compound is on screen (a
 * numeric member is plotted like any numeric variable, a text member or whole records are a table), vlens and
 * opaques as text, enums by their member names. `userFrame` is `sliceFrame` for such variables: the slice is read
 * once (one JSON text per element), parsed once, and the member taken out of it.
 *
 * @example
 * const uv = userView(variable, options.field);         // { kind: 'field', spec: relhum, … }
 * const frame = userFrame({ shown, variable, axes, x, y, raw: false }, uv);
 * frame.values?.values; // Float64Array of relhum, fill records masked
 */
import { valueEquals, type Slice, type UserType, type UserValue, type Variable } from '../core';
import {
  compoundLayout,
  fieldNumbers,
  fieldValue,
  findField,
  parsedElements,
  type CompoundLayout,
  type CompoundType,
  type FieldSpec,
} from '../usertypes/compound-fields';
import { enumLabels, type EnumLabels } from '../usertypes/enum-labels';
import { cut, fieldText, userText } from '../usertypes/user-text';
import { sliceFrame, storedValues, type FrameInput, type SliceFrame } from '../views/shared/slice-frame';
import type { ViewContext, ViewRegistry } from '../views/shared/view-kind';

/** How a variable is shown: as it is, an enum by names, a compound's numeric member, or text. */
export type UserView =
  | { readonly kind: 'plain' }
  | { readonly kind: 'enum'; readonly labels: EnumLabels }
  | {
      readonly kind: 'field';
      readonly type: CompoundType;
      readonly layout: CompoundLayout;
      readonly spec: FieldSpec;
      readonly labels: EnumLabels | null;
    }
  | {
      readonly kind: 'text';
      readonly type: UserType;
      readonly layout: CompoundLayout | null;
      /** The compound member shown, or null (whole values). */
      readonly spec: FieldSpec | null;
      readonly text: (v: UserValue) => string;
      /** Why the plots are not offered. */
      readonly why: string;
    };

const PLAIN: UserView = { kind: 'plain' };

/** The way `variable` is shown with `field` (the view option) chosen. */
export function userView(variable: Variable, field: string | null): UserView {
  const t = variable.userType;
  if (!t) return PLAIN;
  switch (t.kind) {
    case 'enum':
      return { kind: 'enum', labels: enumLabels(t) };
    case 'vlen':
    case 'opaque':
      return {
        kind: 'text',
        type: t,
        layout: null,
        spec: null,
        text: (v) => userText(t, v),
        why:
          t.kind === 'vlen'
            ? 'vlen values are lists of varying length: shown as a table'
            : 'opaque values are uninterpreted bytes: shown as hex in a table',
      };
    case 'compound': {
      const layout = compoundLayout(t);
      const spec = field === '' ? undefined : field === null ? layout.numeric[0] : findField(layout, field);
      const chosen = spec ?? (field === null || field === '' ? undefined : layout.numeric[0]);
      if (chosen?.numeric) {
        const ft = chosen.type;
        const labels = typeof ft !== 'string' && ft.kind === 'enum' ? enumLabels(ft) : null;
        return { kind: 'field', type: t, layout, spec: chosen, labels };
      }
      if (chosen)
        return {
          kind: 'text',
          type: t,
          layout,
          spec: chosen,
          text: (v) => fieldText(chosen, fieldValue(v, chosen)),
          why: `the member ${chosen.key} is not numeric: pick a numeric field to plot`,
        };
      return {
        kind: 'text',
        type: t,
        layout,
        spec: null,
        text: (v) => userText(t, v),
        why: layout.numeric.length
          ? 'whole records are shown as a table: pick a numeric field to plot'
          : `compound ${t.name} has no numeric member to plot`,
      };
    }
  }
}

/** The view context as the user type makes it: a compound's numeric member is numeric, text is not. */
export function userContext(ctx: ViewContext, uv: UserView): ViewContext {
  if (uv.kind === 'field') return { ...ctx, numeric: true };
  if (uv.kind === 'text') return { ...ctx, numeric: false };
  return ctx;
}

/** Whether the slice data are user-typed elements as JSON texts (compound, vlen, opaque). */
export const readsAsText = (uv: UserView) => uv.kind === 'field' || uv.kind === 'text';

/** The variable's `_FillValue` when it is of the variable's own user type. */
function userFill(variable: Variable, t: UserType): UserValue | undefined {
  const att = variable.attributes.find((a) => a.name === '_FillValue');
  return att?.type === 'user' && att.userType === t && att.value.length === 1 ? att.value[0] : undefined;
}

const texts = (slice: Slice): readonly string[] =>
  Array.isArray(slice.data) ? (slice.data as readonly string[]).map(String) : [];

const textsOf = new WeakMap<Slice, readonly string[]>();
function sliceTexts(slice: Slice): readonly string[] {
  let t = textsOf.get(slice);
  if (!t) textsOf.set(slice, (t = texts(slice)));
  return t;
}

/** A stand-in variable for a compound member shown as numbers: its name is `var.member`, no attributes. */
function memberVariable(variable: Variable, key: string): Variable {
  return {
    ...variable,
    name: `${variable.name}.${key}`,
    type: 'double',
    dtype: '<f8',
    itemSize: 8,
    fillValue: null,
    codecs: [],
    attributes: [],
    userType: undefined,
  };
}

/** The frame of a slice of a user-typed variable (`sliceFrame` for the others). */
export function userFrame(input: FrameInput, uv: UserView): SliceFrame {
  if (uv.kind === 'plain') return sliceFrame(input);
  if (uv.kind === 'enum') {
    const base = sliceFrame(input);
    if (input.shown.other) return base;
    return { ...base, cell: labelledCell(base, uv.labels), valueLabels: uv.labels };
  }
  const { shown, variable } = input;
  const t = variable.userType!;
  const elements = parsedElements(sliceTexts(shown.slice), t);
  const fill = userFill(variable, t);
  const isFill = (v: UserValue) => fill !== undefined && valueEquals(t, fill, v);
  if (uv.kind === 'field') {
    const { values, mask } = fieldNumbers(elements, uv.spec, isFill);
    const fv = memberVariable(variable, uv.spec.key);
    const slice: Slice = { ...shown.slice, variable: fv, data: values, complex: false };
    const stored = storedValues(slice);
    const decoded = stored && { ...stored, mask: mask ?? stored.mask };
    const base = sliceFrame({ ...input, variable: fv, shown: { ...shown, slice, decoded, other: null } });
    const labelled = uv.labels ? { cell: labelledCell(base, uv.labels), valueLabels: uv.labels } : {};
    return { ...base, npyOverride: Float64Array.from(values), ...labelled };
  }
  // Text: the elements' texts (CSV and the cells' titles in full), fill values masked.
  const shownTexts = elements.map((v) => (v === null || isFill(v) ? '' : uv.text(v)));
  const name = uv.spec ? `${variable.name}.${uv.spec.key}` : variable.name;
  const tv: Variable = { ...variable, name, type: 'string', dtype: '|O' };
  const slice: Slice = { ...shown.slice, variable: tv, data: shownTexts };
  const flags = Float64Array.from(elements, (v) => (v === null || isFill(v) ? 1 : 0));
  const flagFrame = sliceFrame({
    ...input,
    variable: tv,
    shown: { ...shown, slice: { ...slice, data: flags }, decoded: null, other: null },
  });
  const base = sliceFrame({ ...input, variable: tv, shown: { ...shown, slice, decoded: null, other: null } });
  const masked = (r: number, c: number) => flagFrame.at(r, c) === 1;
  return {
    ...base,
    title: name,
    masked,
    wideCells: true,
    cell: (r, c) => (masked(r, c) ? undefined : cut(String(base.at(r, c)))),
  };
}

/** Cells of an enum (or an enum member) by name, the integer as the title. */
function labelledCell(base: SliceFrame, labels: EnumLabels): NonNullable<SliceFrame['cell']> {
  return (r, c) => {
    if (base.masked(r, c)) return undefined;
    const v = base.at(r, c);
    if (typeof v !== 'number' && typeof v !== 'bigint') return undefined;
    if (typeof v === 'number' && Number.isNaN(v)) return undefined;
    return { text: labels.text(v), title: String(v) };
  };
}

/** A view kind not offered for what is shown, and why (a disabled toolbar button). */
export interface Unavailable {
  readonly kind: string;
  readonly label: string;
  readonly why: string;
}

/** The plots a text view of a user type rules out (those that would apply to numbers of the same shape). */
export function unavailableViews(registry: ViewRegistry, ctx: ViewContext, uv: UserView): Unavailable[] {
  if (uv.kind !== 'text') return [];
  return registry.views
    .filter((v) => !v.applies(ctx) && v.applies({ ...ctx, numeric: true }))
    .map((v) => ({ kind: v.kind, label: v.label, why: `Not offered: ${uv.why}.` }));
}
