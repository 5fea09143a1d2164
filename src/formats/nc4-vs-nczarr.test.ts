/**
 * One dataset, two containers: each CDL of netcdf-c's corpus written by ncgen both as a netCDF-4 file
 * (fixtures/corpus-files/) and as an NCZarr store (fixtures/corpus/) gives the same `zarrview dump -h`, apart from
 * the dataset's name and the `_Format`/storage lines. Where the NCZarr store itself lost what the CDL says (netcdf-c
 * 4.9.3's writer; FIDELITY.md "netcdf-c corpus: what the store itself lost or corrupted"), the case is listed here
 * with the loss; a listed case that agrees fails, so the list only shrinks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../cli/args';
import { dump } from '../cli/dump';

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures');
const CORPUS = path.join(FIXTURES, 'corpus');
const FILES = path.join(FIXTURES, 'corpus-files');

const PRECISION = 'the NCZarr store holds the floating-point attribute with 6 significant digits (netcdf-c 4.9.3)';
const TEXT_CUT =
  'the NCZarr store holds the text attribute cut short (netcdf-c 4.9.3 stops at a NUL or a non-ASCII byte)';
/** Cases whose NCZarr store lost part of the CDL: what it lost. */
const STORE_LOST: Record<string, string> = {
  'ncdump-cdl/ref_tst_nul3': TEXT_CUT,
  'ncdump-cdl/ref_tst_utf8': TEXT_CUT,
  'ncdump/ref_tst_nc4_utf8_4': TEXT_CUT,
  'ncdump/ref_tst_utf8': TEXT_CUT,
  'ncdump/ref_tst_utf8_4': TEXT_CUT,
  'ncdump-cdl/test0': PRECISION,
  'ncdump/test0': PRECISION,
  'ncdump/ref_nc_test_netcdf4': PRECISION,
  'ncdump/tst_ncml': PRECISION,
  'ncgen/ncf345': 'the NCZarr store holds the text "[chr]" as the JSON array ["chr"] (netcdf-c 4.9.3)',
};

interface Kept {
  readonly kept?: boolean;
  readonly path?: string;
}
const zarrIndex = JSON.parse(readFileSync(path.join(CORPUS, 'index.json'), 'utf8')) as {
  cdls: { dir: string; stores?: { nczarr?: Kept } }[];
};
const fileIndex = JSON.parse(readFileSync(path.join(FILES, 'index.json'), 'utf8')) as {
  cdls: { dir: string; kinds?: { nc4?: Kept } }[];
};
const nc4 = new Map(fileIndex.cdls.map((e) => [e.dir, e.kinds?.nc4]));
const pairs = zarrIndex.cdls.flatMap((e) => {
  const z = e.stores?.nczarr;
  const f = nc4.get(e.dir);
  return z?.kept && z.path && f?.kept && f.path ? [{ dir: e.dir, nczarr: z.path, nc4: f.path }] : [];
});

/** The header without its first line (the name) and without the lines of the container (`_Format`, storage). */
const SPECIAL =
  /^\s*.*?:_(Format|Storage|ChunkSizes|Filter|DeflateLevel|Shuffle|Fletcher32|Endianness|NoFill|Codecs|NCProperties|SuperblockVersion|IsNetcdf4) = /;
const comparable = (text: string) =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => !SPECIAL.test(l))
    .join('\n');

async function header(location: string, flags: string[]): Promise<string> {
  return comparable((await dump(parseDumpArgs([...flags, location]))).text);
}

describe('a CDL written as netCDF-4 and as NCZarr: the same header', () => {
  it('has the pairs', () => {
    expect(pairs.length).toBeGreaterThan(90);
    for (const dir of Object.keys(STORE_LOST))
      expect(
        pairs.some((p) => p.dir === dir),
        dir,
      ).toBe(true);
  });
  for (const p of pairs)
    for (const flags of [['-h'], ['-s', '-h']])
      it(`${p.dir} ${flags.join(' ')}`, async () => {
        expect(existsSync(path.join(FILES, p.nc4))).toBe(true);
        const fromStore = await header(`file://${path.join(CORPUS, p.nczarr)}#mode=nczarr,file`, flags);
        const fromFile = await header(path.join(FILES, p.nc4), flags);
        const lost = STORE_LOST[p.dir];
        if (lost) expect(fromStore, `listed (${lost}) but the same`).not.toBe(fromFile);
        else expect(fromStore).toBe(fromFile);
      });
});
