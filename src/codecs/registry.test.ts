import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateBounded } from './bounded-inflate';
import { checkCodecs } from './pipeline';
import { codecDef, codecEntries, ncdumpSpecial } from './registry';

describe('codec registry', () => {
  it('knows every codec by its id and its numcodecs. name; anything else is unsupported', () => {
    for (const [id] of codecEntries()) {
      expect(codecDef(id)).toBeDefined();
      expect(codecDef(`numcodecs.${id}`)).toBe(codecDef(id));
      expect(() => checkCodecs([{ id, configuration: {} }])).not.toThrow();
    }
    expect(codecDef('no-such-codec')).toBeUndefined();
    expect(() => checkCodecs([{ id: 'no-such-codec', configuration: {} }])).toThrow(/not supported/);
  });

  it('describes codecs as ncdump -s does, netcdf-c string parameters too', () => {
    expect(ncdumpSpecial({ id: 'zlib', configuration: { level: '4' } })).toEqual({ deflateLevel: 4 });
    expect(ncdumpSpecial({ id: 'numcodecs.shuffle', configuration: { elementsize: '0' } })).toEqual({ shuffle: true });
    expect(ncdumpSpecial({ id: 'blosc', configuration: { cname: 'lz4', clevel: '5', shuffle: 'bitshuffle' } })).toEqual(
      { filter: '32001,0,0,0,0,5,2,1' },
    );
    expect(ncdumpSpecial({ id: 'delta', configuration: { dtype: '<i4' } })).toEqual({});
  });
});

describe('bounded inflate', () => {
  const zeros = new Uint8Array(4 * 2 ** 20);

  it('inflates zlib, gzip and raw deflate written by node:zlib', async () => {
    const text = new TextEncoder().encode('zarrview '.repeat(100));
    expect(await inflateBounded(deflateSync(text), 'deflate', 2 ** 20)).toEqual(text);
    expect(await inflateBounded(gzipSync(text), 'gzip', 2 ** 20)).toEqual(text);
    expect(await inflateBounded(deflateRawSync(text), 'deflate-raw', 2 ** 20)).toEqual(text);
    // zlib framing is checked: raw deflate is not zlib.
    await expect(inflateBounded(deflateRawSync(text), 'deflate', 2 ** 20)).rejects.toThrow();
  });

  it('stops at its bound with a chunk error, or the caller’s', async () => {
    await expect(inflateBounded(deflateSync(zeros), 'deflate', 1000)).rejects.toMatchObject({ code: 'chunk' });
    await expect(
      inflateBounded(deflateSync(zeros), 'deflate', 1000, { tooLarge: () => new RangeError('mine') }),
    ).rejects.toThrow('mine');
  });

  it('stops when aborted', async () => {
    const c = new AbortController();
    c.abort();
    await expect(inflateBounded(deflateSync(zeros), 'deflate', 2 ** 30, { signal: c.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});
