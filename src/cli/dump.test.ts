/**
 * CDL output against ncdump. `testdata/nczarr-{groups,filters}.file` are written by netcdf-c 4.9.3 ncgen from the
 * CDLs beside them and their expected outputs by ncdump main (scripts/fixtures/cli-testdata.sh), compared like
 * `diff -b`; no netcdf-c is needed at test time. ncdump prints `_SuperblockVersion` / `_IsNetcdf4` under `-s`;
 * those two lines are removed from the expected text (adjust-ncdump.py rule 1; `modernize` below for outputs
 * that did not go through it). When fixtures/index.json exists, every
 * fixture with expected ncdump outputs is checked the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeEscaped } from '../text/utf8';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/read-dataset';
import { NodeFolderStore } from '../store/node-folder-store';
import { parseDumpArgs } from './args';
import { dump, dumpStore } from './dump';

const norm = (s: string) =>
  s
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
const modernize = (s: string) =>
  s
    .split('\n')
    .filter((l) => !/:_(SuperblockVersion|IsNetcdf4) = /.test(l))
    .join('\n');

const here = path.dirname(new URL(import.meta.url).pathname);

describe('dump vs ncdump main (netcdf-c 4.9.3 ncgen-written NCZarr, testdata/)', () => {
  for (const cdl of ['nczarr-groups', 'nczarr-filters']) {
    const zarr = path.join(here, 'testdata', `${cdl}.file`);
    for (const [suffix, flags] of [
      ['h', ['-h']],
      ['hs', ['-h', '-s']],
      ['data', []],
    ] as const) {
      it(`${cdl} ${flags.join(' ') || '(data)'}`, async () => {
        const expected = readFileSync(path.join(here, 'testdata', `${cdl}.${suffix}.cdl`), 'utf8');
        const store = new NodeFolderStore(zarr);
        const ds = await readDataset(store, { name: cdl, mode: { nczarr: true } });
        const got = await dumpStore(store, ds, parseDumpArgs([...flags, zarr]));
        expect(got.failures).toEqual([]);
        expect(norm(got.text)).toBe(norm(modernize(expected)));
      });
    }
  }
});

describe('dump vs netcdf-c 4.9.3 ncdump (pure Zarr attribute inference, testdata/)', () => {
  const zarr = path.join(here, 'testdata', 'pure-inference.zarr');
  for (const [file, flags] of [
    ['pure-inference-h.cdl', ['-h']],
    ['pure-inference-hs.cdl', ['-h', '-s']],
    ['pure-inference.data.cdl', []],
  ] as const) {
    it(file, async () => {
      const store = new NodeFolderStore(zarr);
      const ds = await readDataset(store, { name: 'pure-inference', mode: { zarr: true } });
      const got = await dumpStore(store, ds, parseDumpArgs([...flags, zarr]));
      expect(norm(got.text)).toBe(norm(modernize(readFileSync(path.join(here, 'testdata', file), 'utf8'))));
    });
  }
});

interface Fixture {
  path: string;
  ncdump_name?: string;
  mode?: string;
  writer?: string;
  expected?: { h?: string; hs?: string; data?: string };
}

const root = path.resolve(here, '../..');
const manifest = path.join(root, 'fixtures/index.json');
const fixtures: Fixture[] = existsSync(manifest)
  ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { datasets?: Fixture[] }).datasets ?? [])
  : [];

/** Known differences, with the reason; reported, not hidden. */
const KNOWN: Record<string, string> = {};

describe.skipIf(fixtures.length === 0)('dump vs fixtures/expected', () => {
  for (const f of fixtures) {
    const loc = `${path.join(root, f.path)}${f.mode ? `#mode=${f.mode}` : ''}`;
    for (const [kind, flags] of [
      ['h', ['-h']],
      ['hs', ['-h', '-s']],
      ['data', []],
    ] as const) {
      const exp = f.expected?.[kind];
      if (!exp || !existsSync(path.join(root, exp))) continue;
      const known = KNOWN[`${f.path.replace(/^fixtures\//, '').replace(/\.(zarr|file|zip)$/, '')} ${kind}`];
      it.skipIf(known !== undefined)(`${f.path} ${kind}${known ? ` (known difference: ${known})` : ''}`, async () => {
        const got = await dump(parseDumpArgs([...flags, ...(f.ncdump_name ? ['-n', f.ncdump_name] : []), loc]));
        // Expected files hold ncdump's bytes (invalid UTF-8 where the data has it): read them as the CLI writes.
        expect(norm(got.text)).toBe(norm(modernize(decodeEscaped(readFileSync(path.join(root, exp))))));
      });
    }
  }
});
