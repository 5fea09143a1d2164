import { describe, expect, it } from 'vitest';
import { redactLocation } from '../core';
import { isViewKind } from '../views/shared/view-kind';
import { VIEWS } from '../views/registry';
import { decodeShare as decodeWith, encodeShare, type ShareState } from './share-link';

const decodeShare = (fragment: string) => decodeWith(fragment, (kind) => isViewKind(VIEWS, kind));

describe('share links', () => {
  const state: ShareState = {
    url: 'https://h.example/data/x.zarr#mode=nczarr,s3',
    variable: '/grp/temp 2',
    x: 'lon',
    y: 'lat',
    indices: { time: 3, 'lev,odd:name': 0 },
    compare: '/grp/temp 1',
    options: {
      view: 'heatmap',
      colormap: 'magma',
      invert: true,
      scale: 'symlog',
      range: [-1.5, 2e10],
      raw: true,
      projection: 'orthographic',
      coastlines: false,
      center: [-30, 45],
      field: 'xx.i & vals[1,2]',
    },
  };

  it('round-trips a full state, keeping the dataset URL own #mode', () => {
    const hash = encodeShare(state);
    expect(hash).not.toContain('#');
    const r = decodeShare(`#${hash}`);
    expect(r).toEqual({ ok: true, state });
  });

  it('carries the compound field: a member, whole records (empty) or none', () => {
    const hash = encodeShare(state);
    expect(new URLSearchParams(hash).get('field')).toBe('xx.i & vals[1,2]');
    const records = encodeShare({ ...state, options: { ...state.options!, field: '' } });
    expect(decodeShare(records)).toMatchObject({ ok: true, state: { options: { field: '' } } });
    const none = encodeShare({ ...state, options: { ...state.options!, field: null } });
    expect(new URLSearchParams(none).has('field')).toBe(false);
    expect(decodeShare(`${none}&field=%07`)).toMatchObject({ ok: false });
  });

  it('never carries credentials', () => {
    const hash = encodeShare({
      url: 'https://user:secret@h.example/d.zarr?X-Amz-Signature=abc&X-Amz-Credential=AK&keep=1',
    });
    expect(hash).not.toMatch(/secret|abc|AK|user/);
    expect(decodeShare(hash)).toEqual({ ok: true, state: { url: 'https://h.example/d.zarr?keep=1' } });
    expect(redactLocation('s3://b/k')).toBe('s3://b/k');
  });

  it('drops Google Cloud Storage and AWS signatures however they are spelt, and keeps the rest', () => {
    const gcs =
      'https://storage.googleapis.com/b/d.zarr?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p&x-goog-signature=ff&GoogleAccessId=sa&alt=media#mode=zarr';
    expect(redactLocation(gcs)).toBe('https://storage.googleapis.com/b/d.zarr?alt=media#mode=zarr');
    expect(redactLocation('https://h/d?X%2DAmz%2DSignature=1&AWSAccessKeyId=A&Signature=s&x=1')).toBe(
      'https://h/d?x=1',
    );
    expect(encodeShare({ url: gcs })).not.toMatch(/x-goog|GoogleAccessId|sa%2540p/i);
  });

  it('accepts every registered view kind and nothing else', () => {
    for (const v of VIEWS.views)
      expect(decodeShare(`url=https://h/x&view=${v.kind}`)).toMatchObject({
        ok: true,
        state: { options: { view: v.kind } },
      });
    expect(decodeWith('url=https://h/x&view=heatmap', () => false).ok).toBe(false);
  });

  it('an empty fragment is no state', () => {
    expect(decodeShare('')).toEqual({ ok: true, state: null });
    expect(decodeShare('#')).toEqual({ ok: true, state: null });
  });

  it.each([
    ['url=javascript:alert(1)', 'http(s)'],
    ['url=data:text/html,<script>', 'http(s)'],
    ['url=file:///etc/passwd', 'http(s)'],
    ['url=https://a:b@h/x', 'credentials'],
    ['var=/x', 'does not name'],
    ['url=https://h/x&var=no-slash', 'variable'],
    ['url=https://h/x&cmp=no-slash', 'compare'],
    ['url=https://h/x&cmp=/a%0Ab', 'compare'],
    ['url=https://h/x&i=time:-1', 'indices'],
    ['url=https://h/x&i=time:1e3', 'indices'],
    ['url=https://h/x&i=__proto__:1', 'indices'],
    ['url=https://h/x&i=%E0%A4%A:1', 'indices'],
    ['url=https://h/x&cmap=<img src=x>', 'colour map'],
    ['url=https://h/x&scale=exp', 'scale'],
    ['url=https://h/x&range=2,1', 'range'],
    ['url=https://h/x&range=NaN,1', 'range'],
    ['url=https://h/x&range=1,Infinity', 'range'],
    ['url=https://h/x&view=3d', 'view'],
    [`url=https://h/${'a'.repeat(9000)}`, 'too long'],
    ['url=https://h/x%0Aevil', 'not valid'],
    ['%', 'does not name'],
  ])('rejects hostile fragment %s with a message', (fragment, words) => {
    const r = decodeShare(fragment);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(words);
  });

  it('does not pollute prototypes', () => {
    const r = decodeShare('url=https://h/x&i=constructor:1,toString:2');
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString);
  });
});
