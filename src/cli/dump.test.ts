/**
 * CDL output against ncdump. Datasets are written by netcdf-c's ncgen into a temp dir (Debian netcdf-bin 4.9.0
 * writes the key form), then ncdump's text is the expected output, compared like `diff -b`. netcdf-c versions
 * older than the current one print `_SuperblockVersion` / `_IsNetcdf4` under `-s`; those two lines are removed
 * from the expected text (the current netcdf-c no longer prints them). When fixtures/index.json exists, every
 * fixture with expected ncdump outputs is checked the same way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeEscaped } from '../text/utf8';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/read-dataset';
import { NodeFolderStore } from '../store/node-folder-store';
import { parseDumpArgs } from './args';
import { dump, dumpStore } from './dump';

const norm = (s: string) => s.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '').join('\n');
const modernize = (s: string) => s.split('\n').filter((l) => !/:_(SuperblockVersion|IsNetcdf4) = /.test(l)).join('\n');

function have(cmd: string): boolean {
  try {
    execFileSync(cmd, ['-h'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as { status?: number }).status !== undefined && (e as { code?: string }).code !== 'ENOENT';
  }
}

const HAVE_NCGEN = have('ncgen') && have('ncdump');
const here = path.dirname(new URL(import.meta.url).pathname);

describe.skipIf(!HAVE_NCGEN)('dump vs ncdump (netcdf-c ncgen-written NCZarr)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-cdl-'));
  for (const cdl of ['nczarr-groups', 'nczarr-filters']) {
    const zarr = path.join(dir, `${cdl}.zarr`);
    const url = `file://${zarr}#mode=nczarr,file`;
    let written = true;
    try {
      execFileSync('ncgen', ['-k', 'nc4', '-o', url, path.join(here, 'testdata', `${cdl}.cdl`)], { stdio: 'ignore' });
    } catch {
      written = false; // this netcdf-c cannot write some feature (e.g. 4.9.0: UNLIMITED, filters)
    }
    for (const flags of [['-h'], ['-h', '-s'], []]) {
      it.skipIf(!written)(`${cdl} ${flags.join(' ') || '(data)'}`, async () => {
        const expected = modernize(execFileSync('ncdump', [...flags, url], { encoding: 'utf8' }));
        const args = parseDumpArgs([...flags, zarr]);
        const store = new NodeFolderStore(zarr);
        const ds = await readDataset(store, { name: cdl });
        const got = await dumpStore(store, ds, args);
        expect(got.failures).toEqual([]);
        expect(norm(got.text)).toBe(norm(expected));
      });
    }
  }
});

describe('dump vs netcdf-c 4.9.3 ncdump (pure Zarr attribute inference, testdata/)', () => {
  const zarr = path.join(here, 'testdata', 'pure-inference.zarr');
  for (const [file, flags] of [['pure-inference-h.cdl', ['-h']], ['pure-inference-hs.cdl', ['-h', '-s']], ['pure-inference.data.cdl', []]] as const) {
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
    for (const [kind, flags] of [['h', ['-h']], ['hs', ['-h', '-s']], ['data', []]] as const) {
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
