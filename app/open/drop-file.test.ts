/** A dropped single file: a `.zip` stays a zip source; any other file is a `file` source, sniffed when opened. */
import { describe, expect, it } from 'vitest';
import { sourceFromDrop } from './folder-entries';

const dropped = (name: string) => {
  const file = Object.assign(new Blob(['CDF\x01']), { name }) as unknown as File;
  const item = { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => file };
  return [item] as unknown as DataTransferItemList;
};

describe('a dropped file', () => {
  it('routes by kind: .zip → zip-file, anything else → file', async () => {
    expect((await sourceFromDrop(dropped('ds.zip')))?.kind).toBe('zip-file');
    expect((await sourceFromDrop(dropped('ds.ZIP')))?.kind).toBe('zip-file');
    expect(await sourceFromDrop(dropped('data.nc'))).toMatchObject({ kind: 'file', name: 'data.nc' });
    expect((await sourceFromDrop(dropped('no-extension')))?.kind).toBe('file');
  });
});
