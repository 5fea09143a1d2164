/**
 * Mutations of the Icechunk fixture repositories (fixtures/icechunk/spec1, spec2) for the fuzz suite: one file
 * of a repository changed — a metadata file's FlatBuffers payload damaged (bytes flipped, offsets and lengths
 * replaced by hostile numbers, cut short; written back uncompressed, which the spec allows), its header damaged
 * (magic, spec version, file type, compression, a cut zstd stream), a spec-1 `ref.json` made wrong, a chunk
 * object cut or removed, a virtual target cut short.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AbsolutePath, Listing, Store } from '../../store/types';
import type { Rng } from '../../testing/seeded-rng';
import { HEADER_BYTES, readIcechunkFile, type FileKind } from './files';
import { ICECHUNK } from './testing';

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function load(dir: string): Map<string, Uint8Array> {
  return new Map(files(dir).map((f) => [`/${relative(dir, f)}`, new Uint8Array(readFileSync(f))]));
}

export const SEEDS: readonly { readonly name: string; readonly files: ReadonlyMap<string, Uint8Array> }[] = [
  'spec1',
  'spec2',
].map((name) => ({ name, files: load(join(ICECHUNK, name)) }));

/** The virtual chunks' targets, by the URL the fixtures name. */
const TARGETS = new Map(
  [...load(join(ICECHUNK, 'targets'))].map(([k, v]) => [`s3://zarrview/fixtures/icechunk/targets${k}`, v]),
);

/** A store of a map of files (listing included, as a folder or S3 would list them). */
export function memoryStore(files: ReadonlyMap<string, Uint8Array>, description: string): Store {
  const range = (b: Uint8Array | undefined, r: { offset: number; length: number } | { suffixLength: number }) =>
    b &&
    ('suffixLength' in r ? b.slice(Math.max(0, b.length - r.suffixLength)) : b.slice(r.offset, r.offset + r.length));
  return {
    description,
    get: (k: AbsolutePath) => Promise.resolve(files.get(k)),
    getRange: (k, r) => Promise.resolve(range(files.get(k), r)),
    list: (prefix: AbsolutePath): Promise<Listing> => {
      const folders = new Set<string>();
      const names = new Set<string>();
      for (const k of files.keys()) {
        if (!k.startsWith(prefix)) continue;
        const rest = k.slice(prefix.length).split('/');
        if (rest.length > 1) folders.add(rest[0]!);
        else names.add(rest[0]!);
      }
      return Promise.resolve({ files: [...names], folders: [...folders] });
    },
  };
}

/** The targets' store (a target the mutation removed or cut answers what is left). */
export function targetStore(targets: ReadonlyMap<string, Uint8Array>, url: string): Store {
  return memoryStore(new Map([['/', targets.get(url) ?? new Uint8Array(0)]]), url);
}

const KINDS: Record<string, FileKind> = { snapshots: 'snapshot', manifests: 'manifest', repo: 'repo info' };

const HOSTILE_U32 = [0, 1, 3, 4, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffc, 1 << 20, 65535];

function damagePayload(rng: Rng, payload: Uint8Array): { bytes: Uint8Array; what: string } {
  const out = payload.slice();
  const view = new DataView(out.buffer);
  switch (Math.floor(rng() * 5)) {
    case 0: {
      const n = 1 + Math.floor(rng() * 8);
      for (let i = 0; i < n; i++) out[Math.floor(rng() * out.length)] = Math.floor(rng() * 256);
      return { bytes: out, what: `${n} payload bytes changed` };
    }
    case 1: {
      const at = Math.floor(rng() * Math.max(1, out.length - 4)) & ~3;
      const v = pick(rng, HOSTILE_U32);
      if (at + 4 <= out.length) view.setUint32(at, v, true);
      return { bytes: out, what: `u32 at ${at} set to ${v}` };
    }
    case 2: {
      const at = Math.floor(rng() * Math.max(1, out.length - 2)) & ~1;
      const v = pick(rng, [0, 1, 2, 4, 0xfffe, 0xffff, 0x8000]);
      if (at + 2 <= out.length) view.setUint16(at, v, true);
      return { bytes: out, what: `u16 at ${at} set to ${v}` };
    }
    case 3: {
      const n = Math.floor(rng() * out.length);
      return { bytes: out.slice(0, n), what: `payload cut to ${n} bytes` };
    }
    default: {
      const at = Math.floor(rng() * out.length);
      const n = Math.min(out.length - at, 1 + Math.floor(rng() * 64));
      out.fill(pick(rng, [0, 0xff]), at, at + n);
      return { bytes: out, what: `${n} payload bytes at ${at} filled` };
    }
  }
}

function withHeader(original: Uint8Array, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + payload.length);
  out.set(original.subarray(0, HEADER_BYTES));
  out[38] = 0; // no compression
  out.set(payload, HEADER_BYTES);
  return out;
}

function damageHeader(rng: Rng, bytes: Uint8Array): { bytes: Uint8Array; what: string } {
  const out = bytes.slice();
  switch (Math.floor(rng() * 5)) {
    case 0: {
      const at = Math.floor(rng() * 12);
      out[at] = out[at]! ^ 0x20;
      return { bytes: out, what: 'magic changed' };
    }
    case 1:
      out[36] = pick(rng, [0, 3, 4, 255]);
      return { bytes: out, what: `spec version ${out[36]}` };
    case 2:
      out[37] = pick(rng, [0, 1, 2, 4, 6, 9]);
      return { bytes: out, what: `file type ${out[37]}` };
    case 3:
      out[38] = pick(rng, [2, 9, 255]);
      return { bytes: out, what: `compression ${out[38]}` };
    default: {
      const n = Math.floor(rng() * bytes.length);
      return { bytes: bytes.slice(0, n), what: `file cut to ${n} bytes` };
    }
  }
}

const REF_TEXTS = [
  '',
  'null',
  '{"snapshot": 7}',
  '{"snapshot": "../../etc/passwd"}',
  '{"snapshot": "AAAAAAAAAAAAAAAAAAAA"}',
  '<!doctype html><title>Not found</title>',
  '{"snapshot": "1CECHNKREP0F1RSTCMT0"',
  '['.repeat(10000),
];

/** One file of a repository mutated; `targets` may be cut too. */
export function mutate(
  rng: Rng,
  seed: (typeof SEEDS)[number],
): { files: Map<string, Uint8Array>; targets: Map<string, Uint8Array>; what: string } {
  const out = new Map(seed.files);
  const targets = new Map(TARGETS);
  const keys = [...out.keys()].filter((k) => !k.startsWith('/transactions/') && !k.startsWith('/overwritten/'));
  const r = rng();
  if (r < 0.06) {
    const url = pick(rng, [...targets.keys()]);
    const b = targets.get(url)!;
    const n = Math.floor(rng() * b.length);
    targets.set(url, b.slice(0, n));
    return { files: out, targets, what: `target ${url} cut to ${n} bytes` };
  }
  const key = pick(rng, keys);
  const original = out.get(key)!;
  const folder = key.split('/')[1]!;
  if (folder === 'chunks') {
    if (rng() < 0.5) out.delete(key);
    else out.set(key, original.slice(0, Math.floor(rng() * original.length)));
    return { files: out, targets, what: `chunk object ${key} cut or removed` };
  }
  if (folder === 'refs') {
    const text = pick(rng, REF_TEXTS);
    out.set(key, new TextEncoder().encode(text));
    return { files: out, targets, what: `${key} = ${JSON.stringify(text.slice(0, 40))}` };
  }
  const kind = KINDS[folder];
  if (!kind) {
    out.delete(key);
    return { files: out, targets, what: `${key} removed` };
  }
  if (rng() < 0.3) {
    const m = damageHeader(rng, original);
    out.set(key, m.bytes);
    return { files: out, targets, what: `${key}: ${m.what}` };
  }
  const { payload } = readIcechunkFile(original, key, kind);
  const m = damagePayload(rng, payload);
  out.set(key, withHeader(original, m.bytes));
  return { files: out, targets, what: `${key}: ${m.what}` };
}
