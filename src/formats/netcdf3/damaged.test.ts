/**
 * netCDF-3 files that are cut short, written in streaming mode, or hostile; and the browser's way in (a dropped
 * `Blob`, `{ kind: 'file' }`), which also opens a zip under another name and names what it cannot read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dumpStore } from '../../cli/dump';
import { type ZarrviewError, isZarrviewError } from '../../errors';
import { readDataset } from '../../model/index';
import { openStore } from '../../opening/open-store';
import { makeZip } from '../../store/testing/make-zip';
import { decodeEscaped } from '../../text/utf8';
import { openFile } from '../open/registry';
import { parseHeader } from './header';
import { fixturePath } from './testing/fixtures';

const bytesOf = (rel: string) => new Uint8Array(readFileSync(fixturePath(rel)));
const blob = (b: Uint8Array) => new Blob([b as Uint8Array<ArrayBuffer>]);

async function dumpBytes(b: Uint8Array, name: string, flags: string[]) {
  const opened = await openStore({ kind: 'file', file: blob(b), name });
  const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
  return dumpStore(opened.store, ds, parseDumpArgs([...flags, name]));
}

const expected = (rel: string) => decodeEscaped(readFileSync(fixturePath(rel)));

async function typedError(p: Promise<unknown>): Promise<ZarrviewError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!isZarrviewError(e)) throw new Error(`expected a typed error, got ${String(e)}`);
  return e;
}

describe('a dropped file (Source kind "file")', () => {
  it('reads a netCDF-3 file with Blob.slice, as ncdump does', async () => {
    const got = await dumpBytes(bytesOf('classic/records.nc'), 'records.nc', []);
    expect(got.text).toBe(expected('classic/records.cdl'));
  });
  it('opens a zip whatever its name', async () => {
    const zip = await makeZip([
      { name: 'ds/.zgroup', data: '{"zarr_format": 2}' },
      { name: 'ds/.zattrs', data: '{"title": "zipped"}' },
    ]);
    const opened = await openStore({ kind: 'file', file: blob(zip), name: 'ds.bin' });
    const ds = await readDataset(opened.store, { mode: opened.mode, name: 'ds' });
    expect(ds.root.attributes).toEqual([{ name: 'title', type: 'char', value: 'zipped' }]);
  });
  it('names what it cannot read', async () => {
    const e = await typedError(openStore({ kind: 'file', file: blob(new TextEncoder().encode('hello')), name: 'x' }));
    expect(e.code).toBe('zip');
    expect(e.message).toMatch(/^x is not a zip file .* Nor is it a netCDF file \(netCDF-3, netCDF-4\/HDF5\)\.$/);
  });
});

describe('truncated files', () => {
  for (const rel of ['classic/records.nc', 'cdf5/pres_temp_4D.nc', '64bit/one_record.nc']) {
    it(`${rel}: the header lists every variable; reading past the end names the variable`, async () => {
      const whole = bytesOf(rel);
      const header = parseHeader(whole, whole.length, rel).size;
      const cut = whole.slice(0, header + 8);
      const name = rel.split('/')[1]!;
      const h = await dumpBytes(cut, name, ['-h']);
      expect(h.text).toBe(expected(rel.replace(/\.nc$/, '.h.cdl')));
      const full = await dumpBytes(cut, name, []);
      expect(full.failures.length).toBeGreaterThan(0);
      for (const f of full.failures) {
        expect(isZarrviewError(f.error) && f.error.code).toBe('not-found');
        expect((f.error as Error).message).toContain(`the file ends at byte ${cut.length}`);
        expect((f.error as Error).message).toContain(`of variable ${f.variable.name} needs bytes`);
      }
    });
  }
});

describe('streaming mode (numrecs unknown)', () => {
  for (const [rel, width] of [
    ['classic/records.nc', 4],
    ['cdf5/records.nc', 8],
    ['python/scipy_records.nc', 4],
    ['64bit/one_record.nc', 4],
  ] as const) {
    it(`${rel}: the records the file holds`, async () => {
      const b = bytesOf(rel);
      b.fill(0xff, 4, 4 + width);
      const got = await dumpBytes(b, rel.split('/')[1]!, []);
      expect(got.text).toBe(expected(rel.replace(/\.nc$/, '.cdl')));
    });
  }
});

/** A classic header from 32-bit words and names (padded), for hand-made hostile cases. */
function classic(...parts: (number | string)[]): Uint8Array {
  const out: number[] = [0x43, 0x44, 0x46, 1];
  for (const p of parts) {
    if (typeof p === 'number') out.push((p >>> 24) & 255, (p >>> 16) & 255, (p >>> 8) & 255, p & 255);
    else {
      const b = new TextEncoder().encode(p);
      out.push(...b, ...new Array<number>((4 - (b.length % 4)) % 4).fill(0));
    }
  }
  return Uint8Array.from(out);
}

const DIM = 10;
const VAR = 11;
const ATT = 12;

describe('hostile headers', () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ['a huge dimension count', classic(0, DIM, 0x7fffffff), /it says 2147483647 dimensions/],
    ['a huge name length', classic(0, DIM, 1, 0xfffffff0, 'x'), /past the end of the file/],
    ['a huge attribute count', classic(0, 0, 0, ATT, 0x10000000), /attributes of the global attributes/],
    ['an attribute of huge length', classic(0, 0, 0, ATT, 1, 1, 'a', 2, 0x7fffffff), /says 2147483647 values/],
    ['an unknown type', classic(0, 0, 0, ATT, 1, 1, 'a', 99, 1, 0), /type code 99/],
    ['a wrong list tag', classic(0, 7, 1, 1, 'x', 3), /tag 7/],
    [
      'a dimension id past the list',
      classic(0, DIM, 1, 1, 'x', 3, 0, 0, VAR, 1, 1, 'v', 1, 5, 0, 0, 4, 4, 80),
      /dimension id 5/,
    ],
    [
      'the unlimited dimension second',
      classic(0, DIM, 2, 1, 'x', 3, 1, 'r', 0, 0, 0, VAR, 1, 1, 'v', 2, 0, 1, 0, 0, 4, 4, 80),
      /unlimited dimension r in position 1/,
    ],
    ['a name with a slash', classic(0, DIM, 1, 3, 'a/b', 3), /which netCDF does not allow/],
    ['a cut header', classic(0, DIM, 1, 1, 'x').subarray(0, 17), /more than its 1 remaining bytes hold/],
    ['a cut name', classic(0, DIM, 1, 5, 'abcde', 3).subarray(0, 26), /runs past the end of the file/],
  ];
  for (const [what, bytes, message] of cases) {
    it(`${what}: a MetadataError with a cause, at once`, async () => {
      const e = await typedError(openStore({ kind: 'file', file: blob(bytes), name: 'bad.nc' }));
      expect(e.code).toBe('metadata');
      expect(e.message).toMatch(/^bad\.nc: is not a readable netCDF-3 file: /);
      expect(e.message).toMatch(message);
      expect(e.cause).toBeInstanceOf(Error);
    });
  }

  it('data past the end of the file: listed, and its read fails with the variable named', async () => {
    const b = classic(0, DIM, 1, 1, 'x', 3, 0, 0, VAR, 1, 1, 'v', 1, 0, 0, 0, 4, 12, 1_000_000);
    const got = await dumpBytes(b, 'far.nc', []);
    expect(got.text).toMatch(/\tint v\(x\) ;/);
    expect((got.failures[0]?.error as Error).message).toMatch(/^the file ends at byte 80, but chunk 0 of variable v /);
  });

  it('a header longer than 64 MiB is refused before it is read', async () => {
    // A "file" of 1 GiB whose header says its one attribute holds 900 MB of text: no such read happens.
    const head = classic(0, 0, 0, ATT, 1, 1, 'a', 2, 900_000_000);
    let largest = 0;
    const e = await typedError(
      openFile({
        size: 2 ** 30,
        description: 'huge.nc',
        read: (offset, length) => {
          largest = Math.max(largest, length);
          const out = new Uint8Array(length);
          out.set(head.subarray(offset, offset + length));
          return Promise.resolve(out);
        },
      }),
    );
    expect(e.message).toMatch(/header over 64 MiB/);
    expect(largest).toBeLessThanOrEqual(64 * 1024);
  });
});
