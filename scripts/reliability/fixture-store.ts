/**
 * The committed fixtures as in-memory stores for the fuzzers: every folder dataset of fixtures/index.json read
 * once into memory, and a `Store` over it in which one metadata document is replaced by mutated text.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AbsolutePath } from '@zarrita/storage';
import type { ModeFlagsLike } from '../../src/model/index';
import type { Listing, Store } from '../../src/store/types';
import { REPO_ROOT } from './counts';

/** Metadata documents of every dialect: v2, consolidated, v3, NCZarr v1 objects. */
export const METADATA_KEY = /(^|\/)(\.zgroup|\.zarray|\.zattrs|\.zmetadata|zarr\.json|\.ncz[a-z]*)$/;

export interface MemoryFixture {
  readonly name: string;
  readonly mode: ModeFlagsLike;
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Metadata keys and their text. */
  readonly metadata: ReadonlyMap<string, string>;
  readonly metaKeys: readonly string[];
}

function walk(dir: string, prefix: string, out: Map<string, Uint8Array>): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) walk(path.join(dir, e.name), rel, out);
    else out.set(rel, readFileSync(path.join(dir, e.name)));
  }
}

function modeOf(text: string): ModeFlagsLike {
  const words = text.split(',');
  return {
    nczarr: words.includes('nczarr') || undefined,
    zarr: words.includes('zarr') || undefined,
  };
}

/** Every folder fixture (zips hold the same datasets as their `.file` twins and are skipped). */
export function loadFixtures(): MemoryFixture[] {
  const index = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/index.json'), 'utf8')) as {
    datasets: { name: string; path: string; mode: string }[];
  };
  const dec = new TextDecoder();
  const out: MemoryFixture[] = [];
  for (const d of index.datasets) {
    if (d.path.endsWith('.zip')) continue;
    const files = new Map<string, Uint8Array>();
    walk(path.join(REPO_ROOT, d.path), '', files);
    const metadata = new Map<string, string>();
    for (const [k, v] of files) if (METADATA_KEY.test(k)) metadata.set(k, dec.decode(v));
    out.push({ name: d.name, mode: modeOf(d.mode), files, metadata, metaKeys: [...metadata.keys()].sort() });
  }
  return out;
}

/** A listable in-memory store over `files`, with `overrides` (key → bytes, or null for a deleted key) on top. */
export function overlayStore(
  files: ReadonlyMap<string, Uint8Array>,
  overrides: ReadonlyMap<string, Uint8Array | null> = new Map(),
): Store {
  const lookup = (k: string): Uint8Array | undefined => {
    const o = overrides.get(k);
    if (o === null) return undefined;
    return o ?? files.get(k);
  };
  return {
    description: 'memory',
    async get(key: AbsolutePath) {
      return lookup(key.slice(1));
    },
    async getRange(key: AbsolutePath, range) {
      const all = lookup(key.slice(1));
      if (!all) return undefined;
      if ('suffixLength' in range) return all.subarray(Math.max(0, all.length - range.suffixLength));
      return all.subarray(range.offset, range.offset + range.length);
    },
    async list(prefix: AbsolutePath): Promise<Listing> {
      const base = prefix === '/' ? '' : prefix.slice(1);
      const fileSet = new Set<string>();
      const folders = new Set<string>();
      const keys = new Set([...files.keys(), ...overrides.keys()]);
      for (const k of keys) {
        if (!k.startsWith(base) || lookup(k) === undefined) continue;
        const rest = k.slice(base.length);
        const slash = rest.indexOf('/');
        if (slash < 0) fileSet.add(rest);
        else folders.add(rest.slice(0, slash));
      }
      return { files: [...fileSet], folders: [...folders] };
    },
  };
}
