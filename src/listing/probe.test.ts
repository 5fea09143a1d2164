/**
 * A file's first bytes over plain HTTP: one Range request, what they say in words for the files of
 * fixtures/listing/kinds (netCDF4-python wrote them; kinds.json is the data model it reads back), a refusal said.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../store/http-store';
import { createLister } from './place';
import type { Entry } from './types';

const DIR = new URL('../../fixtures/listing/kinds/', import.meta.url);
const READ = JSON.parse(readFileSync(new URL('../kinds.json', DIR), 'utf8')) as Record<string, string | null>;
/** The words for each data model netCDF4-python reports. */
const WORDS: Record<string, string> = {
  NETCDF4: 'netCDF-4/HDF5',
  NETCDF3_CLASSIC: 'netCDF-3 classic',
  NETCDF3_64BIT_OFFSET: 'netCDF-3 64-bit offset',
  NETCDF3_64BIT_DATA: 'CDF-5',
};
const BASE = 'http://h.test/kinds/';

describe('probing a file by its first bytes', () => {
  it('reads 8 bytes with one Range request and says what they are', async () => {
    const ranges: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      const name = url.slice(BASE.length);
      ranges.push(`${name} ${new Headers(init.headers).get('range')} ${init.credentials}`);
      if (name === 'refused') return new Response('no', { status: 403 });
      return new Response(readFileSync(new URL(name, DIR)), { status: 206 });
    };
    const lister = createLister({ fetch });
    const place = { kind: 'http', url: BASE } as const;
    for (const [name, model] of Object.entries(READ)) {
      const entry: Entry = { name, kind: 'file', guessed: true, key: `${BASE}${name}`, open: `${BASE}${name}` };
      const sure = await lister.probe(entry, place);
      expect([name, sure.format, sure.guessed]).toEqual([name, model ? WORDS[model] : 'not a dataset', false]);
    }
    const refused = await lister.probe({ name: 'refused', kind: 'file', guessed: true, key: `${BASE}refused` }, place);
    expect(refused.probeFailed).toMatch(/403/);
    expect(ranges).toEqual([...Object.keys(READ), 'refused'].map((n) => `${n} bytes=0-7 omit`));
  });
});
