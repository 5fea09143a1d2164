import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main';
import { capture } from './testing/capture';

const here = path.dirname(new URL(import.meta.url).pathname);

afterEach(() => vi.restoreAllMocks());

describe('zarrview CLI exit codes', () => {
  it('exits 2 on usage errors', async () => {
    const c = capture();
    expect(await main(['dump'])).toBe(2);
    expect(await main(['dump', '-x', 'a'])).toBe(2);
    expect(await main(['frob'])).toBe(2);
    expect(c.err.join('')).toMatch(/usage: zarrview dump/);
  });

  it('exits 0 and prints CDL named after the folder', async () => {
    const c = capture();
    expect(await main(['dump', '-h', path.join(here, 'testdata', 'pure-inference.zarr')])).toBe(0);
    expect(c.out.join('')).toMatch(/^netcdf pure-inference \{/);
  });

  it('exits 1 with one line on stderr when the dataset has problems, and still prints the rest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zv-cli-'));
    const ds = path.join(dir, 'broken.zarr');
    cpSync(path.join(here, 'testdata', 'pure-inference.zarr'), ds, { recursive: true });
    writeFileSync(path.join(ds, 'c', '.zarray'), '{"shape": [3], ');
    const c = capture();
    expect(await main(['dump', '-h', ds])).toBe(1);
    expect(c.out.join('')).toMatch(/int a\(y, x\)/);
    const err = c.err.join('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/c\/\.zarray: invalid JSON/);
  });

  it('exits 1 when there is no dataset at all', async () => {
    const c = capture();
    expect(await main(['dump', path.join(tmpdir(), 'no-such-dataset.zarr')])).toBe(1);
    expect(c.err.join('')).toMatch(/No such file or folder/);
  });
});
