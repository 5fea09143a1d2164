/** kerchunk reference sets (JSON v0/v1) as read-only stores: see README.md. */
export { MAX_KEYS, isReferenceDocument, parseJsonDocument, parseReferences, readReferenceJson } from './parse';
export type { ParseOptions, Reference, ReferenceSet } from './parse';
export { ReferenceStore, type ReferenceStoreOptions, type TargetObject } from './store';
export { resolveTarget, type DocumentBase, type Target } from './targets';
export { isParquetReferenceMetadata, parquetReferences } from './parquet';
