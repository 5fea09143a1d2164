/**
 * Browser-safe store modules. Node-only modules (open-store-node.ts, node-folder-store.ts, aws-env.ts) and
 * test helpers (testing/) are imported by path, never from here.
 */
export * from './aliases';
export * from './dataset-root';
export * from './folder-store';
export * from './directory-index';
export * from './html';
export * from './http-listing';
export * from './http-errors';
export * from './http-store';
export * from './limit';
export * from './network';
export * from './retry';
export * from './s3-store';
export * from './sigv4';
export * from './telemetry';
export * from './timeout';
export * from './types';
export * from './wrap';
export * from './xml';
export { ZipStore, DEFAULT_MAX_ENTRY_BYTES, findZipRoot, type ZipStoreOptions } from './zip-store';
export { ZipError } from '../errors';
export { blobSource, storeSource, readZipDirectory, type ByteSource, type ZipEntry } from './zip-reader';
