/**
 * Test helpers of the Icechunk fixtures (fixtures/icechunk/, written by the official Icechunk library through
 * scripts/fixtures/make-icechunk.mjs): the repositories and what that library read back from them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ICECHUNK = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'icechunk');

export interface ExpectedChunk {
  readonly kind: 'inline' | 'native' | 'virtual';
  readonly base64?: string;
  readonly location?: string;
}

export interface ExpectedArray {
  readonly zarrJson: unknown;
  readonly chunks: Readonly<Record<string, ExpectedChunk>>;
  readonly values: { readonly shape: number[]; readonly values: unknown[] };
}

export interface ExpectedSnapshot {
  readonly id: string;
  readonly parentId: string | null;
  readonly message: string;
  readonly writtenAt: string;
  readonly keys: readonly string[];
  readonly groups: Readonly<Record<string, unknown>>;
  readonly arrays: Readonly<Record<string, ExpectedArray>>;
}

export interface ExpectedRepository {
  readonly specVersion: number;
  readonly branches: Readonly<Record<string, string>>;
  readonly tags: Readonly<Record<string, string>>;
  readonly ancestry: Readonly<Record<string, readonly { id: string; parentId: string | null; message: string }[]>>;
  readonly snapshots: Readonly<Record<string, ExpectedSnapshot>>;
}

export interface Expected {
  readonly repositories: Readonly<Record<string, ExpectedRepository>>;
}

export function expectedIcechunk(): Expected {
  return JSON.parse(readFileSync(join(ICECHUNK, 'expected.json'), 'utf8')) as Expected;
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}
