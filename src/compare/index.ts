/** Comparing two datasets: the metadata diff (metadata-diff.ts). */
export {
  DIFF_SECTIONS,
  attributeText,
  codecsText,
  comparableCodecs,
  differenceLine,
  diffDatasets,
  diffVariables,
  fillText,
  formatMetadataDiff,
  sameAttribute,
  sameValue,
  type DiffKind,
  type DiffSection,
  type DiffTarget,
  type MetadataDiff,
  type MetadataDifference,
} from './metadata-diff';
