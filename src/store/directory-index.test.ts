import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childOfHref, parseDirectoryIndex } from './directory-index';

// Pages these servers generated for the same folder (a Zarr group with `.zgroup`, `.zattrs`, a chunk `0.0`, and
// children `tas`, `time`, `a b`, `ü`, `x&y`, `<b>`, `sub.group`, a file `q"uote`): nginx 1.22 `autoindex on`,
// Apache 2.4 mod_autoindex plain and with Debian's FancyIndexing table (which hides dot files), Python 3.11
// `http.server`. See testdata/autoindex/README.md.
const sample = (name: string) => readFileSync(path.join(import.meta.dirname, 'testdata', 'autoindex', name), 'utf8');
const FOLDERS = ['<b>', 'a b', 'sub.group', 'tas', 'time', 'x&y', 'ü'];

describe('HTML directory indexes', () => {
  it('nginx autoindex (hides dot files)', () => {
    expect(parseDirectoryIndex(sample('nginx-autoindex.html'))).toEqual({ files: ['0.0', 'q"uote'], folders: FOLDERS });
  });

  it('Apache mod_autoindex, plain list', () => {
    expect(parseDirectoryIndex(sample('apache-autoindex.html'))).toEqual({
      files: ['.zattrs', '.zgroup', '0.0', 'q"uote'],
      folders: FOLDERS,
    });
  });

  it("Apache mod_autoindex with Debian's FancyIndexing table: sort links and the parent are not children", () => {
    expect(parseDirectoryIndex(sample('apache-fancy-autoindex.html'))).toEqual({
      files: ['0.0', 'q"uote'],
      folders: FOLDERS,
    });
  });

  it("Python's http.server", () => {
    expect(parseDirectoryIndex(sample('python-http-server.html'))).toEqual({
      files: ['.zattrs', '.zgroup', '0.0', 'q"uote'],
      folders: FOLDERS,
    });
  });

  it("Go's http.FileServer (no title) and an empty index", () => {
    expect(
      parseDirectoryIndex(
        '<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n<a href="tas/">tas/</a>\n<a href=".zgroup">.zgroup</a>\n</pre>\n',
      ),
    ).toEqual({ files: ['.zgroup'], folders: ['tas'] });
    expect(
      parseDirectoryIndex(
        '<html><head><title>Index of /empty/</title></head><body><a href="../">../</a></body></html>',
      ),
    ).toEqual({ files: [], folders: [] });
  });

  it('is not fooled by an app page or an error page', () => {
    expect(
      parseDirectoryIndex(
        '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><a href="about/">About</a></body></html>',
      ),
    ).toBeUndefined();
    expect(
      parseDirectoryIndex('<html><body><h1>404 Not Found</h1><a href="https://example.org/">home</a></body></html>'),
    ).toBeUndefined();
  });

  it('keeps only relative names of direct children', () => {
    expect(childOfHref('tas/')).toEqual({ name: 'tas', folder: true });
    expect(childOfHref('./a%20b/')).toEqual({ name: 'a b', folder: true });
    expect(childOfHref('x&amp;y/')).toEqual({ name: 'x&y', folder: true });
    expect(childOfHref('%c3%bc/')).toEqual({ name: 'ü', folder: true });
    for (const bad of [
      '../',
      '/',
      '/abs/',
      '?C=N;O=D',
      '#top',
      'https://evil.example/x/',
      'javascript:alert(1)',
      'a/b/',
      '%2e%2e/',
      '%zz/',
      'x%2Fy/',
      '%00/',
      '',
    ]) {
      expect(childOfHref(bad), bad).toBeUndefined();
    }
  });
});
