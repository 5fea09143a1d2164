import { describe, expect, it } from 'vitest';
import { HttpError, MetadataError, UnsupportedError, UrlError, ZarrviewError } from '../../errors';
import type { Store } from '../../store/types';
import { isReferenceDocument, parseReferences } from './parse';
import { ReferenceStore } from './store';
import { resolveTarget, type Target } from './targets';
import { TemplateError, renderTemplate } from './template';

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);

describe('templates (jinja-like, no eval)', () => {
  it('renders names, arithmetic and formatting as jinja2 does', () => {
    expect(renderTemplate('{{ 100 + i * 8 }}', { i: 3 })).toBe('124');
    expect(renderTemplate('data/{{i}}.{{ j }}', { i: 2, j: 0 })).toBe('data/2.0');
    expect(renderTemplate('{{ 7 // 2 }} {{ -7 // 2 }} {{ -7 % 3 }} {{ 2 ** 10 }} {{ 7 / 2 }} {{ 6 / 2 }}', {})).toBe(
      '3 -4 2 1024 3.5 3.0',
    );
    expect(renderTemplate("{{ '%03d' % i }}-{{ u ~ '/' ~ i }}", { i: 7, u: 'x' })).toBe('007-x/7');
    expect(renderTemplate('{{ (i + 1) * (j - 2) | string }}', { i: 1, j: 5 })).toBe('6');
    expect(renderTemplate('{{ f(c=3) }}', { f: 'file-{{ c }}.nc' })).toBe('file-3.nc');
  });
  it('refuses what it does not read, never guessing', () => {
    for (const t of [
      '{{ x }}',
      '{% for i in r %}',
      '{{ a.b }}',
      '{{ 1 +',
      '{{ i | upper }}',
      '{{ 1/0 }}',
      '{{ 2 ** 200 }}',
      '{{ "a" * 3 }}',
    ]) {
      expect(() => renderTemplate(t, { i: 1 }), t).toThrow(TemplateError);
    }
    // A template calling itself: bounded.
    expect(() => renderTemplate('{{ f(c=1) }}', { f: '{{ f(c=1) }}{{ f(c=1) }}' })).toThrow(TemplateError);
  });
});

describe('parseReferences', () => {
  it('reads version 0 and version 1 with templates and gen', () => {
    const v0 = parseReferences('{".zgroup": "{\\"zarr_format\\": 2}", "a/0": ["x.nc", 10, 5], "a/1": ["y.nc"]}');
    expect(v0.version).toBe(0);
    expect(v0.refs.get('a/0')).toEqual({ kind: 'range', url: 'x.nc', offset: 10, length: 5 });
    expect(v0.refs.get('a/1')).toEqual({ kind: 'whole', url: 'y.nc' });
    const v1 = parseReferences(
      JSON.stringify({
        version: 1,
        templates: { u: 'https://h/f.nc' },
        refs: { 'a/.zarray': '{}', 'a/9': ['{{u}}', 1, 2] },
        gen: [
          { key: 'a/{{i}}', url: '{{u}}', offset: '{{ 100 + i * 10 }}', length: '10', dimensions: { i: { stop: 3 } } },
        ],
      }),
    );
    expect([...v1.refs.keys()]).toEqual(['a/.zarray', 'a/9', 'a/0', 'a/1', 'a/2']);
    expect(v1.refs.get('a/2')).toEqual({ kind: 'range', url: 'https://h/f.nc', offset: 120, length: 10 });
    expect(v1.refs.get('a/9')).toEqual({ kind: 'range', url: 'https://h/f.nc', offset: 1, length: 2 });
  });
  it('expands gen in itertools.product order, with list dimensions and negative steps', () => {
    const set = parseReferences(
      JSON.stringify({
        version: 1,
        refs: {},
        gen: [{ key: '{{i}}.{{j}}', url: 'u{{j}}', dimensions: { i: { start: 4, stop: 0, step: -2 }, j: ['a', 'b'] } }],
      }),
    );
    expect([...set.refs.keys()]).toEqual(['4.a', '4.b', '2.a', '2.b']);
    expect(set.refs.get('2.b')).toEqual({ kind: 'whole', url: 'ub' });
  });
  it('refuses a gen larger than the bound before expanding it', () => {
    const doc = JSON.stringify({
      version: 1,
      refs: {},
      gen: [{ key: '{{i}}.{{j}}', url: 'u', dimensions: { i: { stop: 1e6 }, j: { stop: 1e6 } } }],
    });
    const t = Date.now();
    expect(() => parseReferences(doc)).toThrow(/1,000,000,000,000 keys/);
    expect(Date.now() - t).toBeLessThan(1000);
    expect(() => parseReferences(doc, { maxKeys: 10 })).toThrow(MetadataError);
  });
  it('gives MetadataError for malformed documents, and marks malformed entries only', () => {
    for (const bad of ['{', '[]', '"x"', '{"version": 2, "refs": {}}', '{"version": 1, "refs": {}, "gen": 3}']) {
      expect(() => parseReferences(bad), bad).toThrow(MetadataError);
    }
    const set = parseReferences('{".zgroup": "{}", "a/0": [1, 2], "a/1": ["x", -1, 3], "a/2": {"k": 1}}');
    expect(set.refs.get('a/0')?.kind).toBe('invalid');
    expect(set.refs.get('a/1')?.kind).toBe('invalid');
    expect(set.refs.get('a/2')).toEqual({ kind: 'inline', text: '{"k":1}' });
  });
  it('knows a reference set from other JSON', () => {
    expect(isReferenceDocument({ version: 1, refs: {} })).toBe(true);
    expect(isReferenceDocument({ '.zgroup': '{"zarr_format":2}' })).toBe(true);
    expect(isReferenceDocument({ 'a/.zarray': ['s3://b/a/.zarray'] })).toBe(true);
    expect(isReferenceDocument({ zarr_format: 3, node_type: 'group' })).toBe(false);
    expect(isReferenceDocument({ metadata: { '.zgroup': { zarr_format: 2 } }, zarr_consolidated_format: 1 })).toBe(
      false,
    );
    expect(isReferenceDocument({ '.zgroup': { zarr_format: 2 } })).toBe(false);
  });
});

describe('resolveTarget (the trust rule)', () => {
  const remote = { kind: 'remote', url: 'https://h/dir/refs.json' } as const;
  it('resolves relative URLs against the document and keeps http(s) and s3', () => {
    expect(resolveTarget('data.nc', remote, 'k')).toEqual({ kind: 'http', url: 'https://h/dir/data.nc' });
    expect(resolveTarget('../x/data.nc', remote, 'k')).toEqual({ kind: 'http', url: 'https://h/x/data.nc' });
    expect(resolveTarget('d.nc', { kind: 'remote', url: 's3://b/p/r.json' }, 'k')).toEqual({
      kind: 's3',
      url: 's3://b/p/d.nc',
    });
    expect(resolveTarget('s3://other/f.nc', remote, 'k')).toEqual({ kind: 's3', url: 's3://other/f.nc' });
    expect(resolveTarget('f.nc', { kind: 'local', path: '/a/b/r.json' }, 'k')).toEqual({
      kind: 'local',
      url: '/a/b/f.nc',
    });
    expect(resolveTarget('file:///a/f%20g.nc', { kind: 'local', path: 'r.json' }, 'k')).toEqual({
      kind: 'local',
      url: '/a/f g.nc',
    });
  });
  it('refuses file: and local paths from a remote or dropped document, and other schemes', () => {
    const cases: [string, typeof UrlError | typeof UnsupportedError][] = [
      ['file:///etc/passwd', UrlError],
      ['/etc/passwd', UrlError],
      ['C:\\data\\f.nc', UrlError],
      ['~/f.nc', UrlError],
      ['gs://b/f.nc', UnsupportedError],
      ['memory://f', UnsupportedError],
      ['javascript:alert(1)', UnsupportedError],
      ['', UrlError],
    ];
    for (const [url, type] of cases) {
      const r = resolveTarget(url, remote, 'temp/0.0');
      expect(r, url).toBeInstanceOf(type);
      expect((r as ZarrviewError).key).toBe('temp/0.0');
    }
    expect(resolveTarget('f.nc', { kind: 'none', name: 'r.json' }, 'k')).toBeInstanceOf(UrlError);
    expect(resolveTarget('https://h/f.nc', { kind: 'none', name: 'r.json' }, 'k')).toEqual({
      kind: 'http',
      url: 'https://h/f.nc',
    });
  });
});

describe('ReferenceStore', () => {
  const bytes = new Uint8Array(100).map((_, i) => i);
  const opened: Target[] = [];
  const target: Store = {
    description: 'mem',
    get: (k) => Promise.resolve(k === '/f.bin' ? bytes : undefined),
    getRange: (k, r) =>
      Promise.resolve(k === '/f.bin' && 'offset' in r ? bytes.slice(r.offset, r.offset + r.length) : undefined),
  };
  const store = new ReferenceStore(
    parseReferences(
      JSON.stringify({
        '.zgroup': '{"zarr_format":2}',
        'a/.zarray': '{}',
        'a/0': ['f.bin', 10, 4],
        'a/1': ['f.bin'],
        'a/2': 'base64:AAEC',
        'a/3': ['file:///etc/passwd', 0, 10],
        'a/4': ['missing.bin', 0, 1],
        'a/5': ['f.bin', 98, 10],
        'a/6': [1],
        'b/c/0': 'x',
      }),
    ),
    { kind: 'remote', url: 'https://h/refs.json' },
    {
      description: 'https://h/refs.json',
      openTarget: (t) => {
        opened.push(t);
        return Promise.resolve({ store: target, key: `/${t.url.split('/').pop()!}` });
      },
    },
  );
  it('answers inline, whole-object and range references; one target opened once', async () => {
    expect(text(await store.get('/.zgroup'))).toBe('{"zarr_format":2}');
    expect([...(await store.get('/a/0'))!]).toEqual([10, 11, 12, 13]);
    expect((await store.get('/a/1'))?.length).toBe(100);
    expect([...(await store.get('/a/2'))!]).toEqual([0, 1, 2]);
    expect([...(await store.getRange('/a/0', { offset: 1, length: 2 }))!]).toEqual([11, 12]);
    expect([...(await store.getRange('/a/0', { suffixLength: 1 }))!]).toEqual([13]);
    expect(await store.get('/nothing')).toBeUndefined();
    expect(opened.filter((t) => t.url === 'https://h/f.bin')).toHaveLength(1);
  });
  it('fails only the key of a bad reference, with a typed error naming it', async () => {
    await expect(store.get('/a/3')).rejects.toMatchObject({ code: 'url', key: 'a/3' });
    await expect(store.get('/a/4')).rejects.toBeInstanceOf(HttpError);
    await expect(store.get('/a/5')).rejects.toMatchObject({ code: 'chunk', key: 'a/5' });
    await expect(store.get('/a/6')).rejects.toMatchObject({ code: 'metadata', key: 'a/6' });
    expect(text(await store.get('/b/c/0'))).toBe('x');
    expect(opened.some((t) => t.url.startsWith('file:'))).toBe(false);
  });
  it('lists its keys by level and names the hosts it reads from', async () => {
    expect(await store.list('/')).toEqual({ files: ['.zgroup'], folders: ['a', 'b'] });
    expect(await store.list('/b/')).toEqual({ files: [], folders: ['c'] });
    expect((await store.list('/a/')).files).toContain('.zarray');
    expect(store.targetHosts()).toEqual(['h']);
  });
});
