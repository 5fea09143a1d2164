/** Icechunk repositories (spec versions 1 and 2), read-only: see README.md. */
export { base32, hasMagic, readIcechunkFile, SPEC_VERSIONS, type FileHeader } from './files';
export { IcechunkRepository, entryPoints, type EntryPoints, type History, type VersionRef } from './repository';
export { IcechunkStore, type ChunkCounts, type IcechunkStoreOptions } from './store';
export type { ChunkPayload, SnapshotEntry, SnapshotFile } from './schema';
