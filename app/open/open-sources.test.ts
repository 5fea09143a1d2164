import { describe, expect, it } from 'vitest';
import { demoUrl } from './DemoList';
import { sourceFromPickedFolder } from './folder-entries';

describe('opening sources', () => {
  it('resolves demo paths against the site root and adds the netcdf-c mode', () => {
    expect(demoUrl('demo/a.zarr', 'zarr', 'http://h/app/')).toBe('http://h/app/demo/a.zarr#mode=zarr');
    expect(demoUrl('demo/b.file', 'nczarr,file', 'http://h/')).toBe('http://h/demo/b.file#mode=nczarr,file');
    expect(demoUrl('demo/c.zarr#mode=zarr,s3', 'nczarr', 'http://h/')).toBe('http://h/demo/c.zarr#mode=zarr,s3');
    expect(demoUrl('demo/d.zarr', '', 'http://h/')).toBe('http://h/demo/d.zarr');
  });

  it('strips the picked folder name from relative paths', () => {
    const file = (p: string) =>
      Object.assign(new Blob(['x']), { name: p.split('/').pop(), webkitRelativePath: p }) as unknown as File;
    const list = [
      file('data.zarr/.zgroup'),
      file('data.zarr/t/.zarray'),
      file('data.zarr/t/0.0'),
    ] as unknown as FileList;
    const s = sourceFromPickedFolder(list);
    expect(s?.kind).toBe('folder');
    if (s?.kind === 'folder') {
      expect(s.name).toBe('data.zarr');
      expect(s.files.map((f) => f.path)).toEqual(['.zgroup', 't/.zarray', 't/0.0']);
    }
    expect(sourceFromPickedFolder([] as unknown as FileList)).toBeNull();
  });
});
