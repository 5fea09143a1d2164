/** Test helpers shared by the fixture comparisons: locations, reference files, raw values, models. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { SliceData } from '../../api';
import { readDataset } from '../../model/read-dataset';
import type { Dataset } from '../../model/types';
import { NodeFolderStore } from '../../store/node-folder-store';

export const REPO = new URL('../../..', import.meta.url).pathname;
export const FIXTURES = join(REPO, 'fixtures');

/** What every reference file has: the dataset, its folder, and where its raw values were dumped. */
export interface ReferenceBase {
  name: string;
  /** Dataset folder, relative to the repository root (or absolute). */
  source: string;
  /** `#mode` of the manifest (`nczarr,file`…), when given. */
  mode?: string;
  /** zarr-python dump of the raw values (repository-relative), when the manifest lists one. */
  rawValues?: string;
}

/** Every `*<suffix>` JSON file of the given folders. */
export function loadReferences<T>(dirs: readonly string[], suffix: string): T[] {
  return dirs
    .filter((d) => existsSync(d))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(suffix))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T),
    );
}

export function rootOf(ref: ReferenceBase): string {
  return isAbsolute(ref.source) ? ref.source : join(REPO, ref.source);
}

/** The model as the project's reader builds it (honouring the manifest's `#mode`). */
export async function modelOf(ref: ReferenceBase): Promise<Dataset> {
  const words = (ref.mode ?? '').split(',');
  const mode = { nczarr: words.includes('nczarr') || undefined, zarr: words.includes('zarr') || undefined };
  return readDataset(new NodeFolderStore(rootOf(ref)), { name: ref.name, mode });
}

/** Raw values of a variable from the zarr-python dump, when it has them (flat, C order). */
export function rawFromDump(ref: ReferenceBase, path: string, dtype: string): SliceData | null {
  const file = ref.rawValues ? join(REPO, ref.rawValues) : join(FIXTURES, 'expected', `${ref.name}.values.json`);
  if (!existsSync(file)) return null;
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const vars = (doc.variables ?? doc.arrays ?? doc) as Record<string, unknown>;
  const entry = vars[path] ?? vars[path.slice(1)];
  const holder = entry as { values?: unknown; data?: unknown } | undefined;
  const values = (Array.isArray(entry) ? entry : (holder?.values ?? holder?.data)) as unknown[] | undefined;
  if (!Array.isArray(values) || values.some((v) => typeof v === 'object' && v !== null)) return null;
  const num = (v: unknown) => (v === null ? NaN : Number(v));
  switch (dtype.replace(/^[<>|=]/, '')) {
    case 'i1':
    case 'int8':
      return Int8Array.from(values, num);
    case 'u1':
    case 'uint8':
      return Uint8Array.from(values, num);
    case 'i2':
    case 'int16':
      return Int16Array.from(values, num);
    case 'u2':
    case 'uint16':
      return Uint16Array.from(values, num);
    case 'i4':
    case 'int32':
      return Int32Array.from(values, num);
    case 'u4':
    case 'uint32':
      return Uint32Array.from(values, num);
    case 'i8':
    case 'int64':
      return BigInt64Array.from(values, (v) => BigInt(v as string | number));
    case 'u8':
    case 'uint64':
      return BigUint64Array.from(values, (v) => BigInt(v as string | number));
    case 'f4':
    case 'float32':
      return Float32Array.from(values, num);
    case 'f8':
    case 'float64':
      return Float64Array.from(values, num);
    default:
      return null;
  }
}
