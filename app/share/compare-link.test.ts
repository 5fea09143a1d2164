import { describe, expect, it } from 'vitest';
import { isViewKind } from '../views/shared/view-kind';
import { VIEWS } from '../views/registry';
import { decodeShare as decodeWith, encodeShare, type ShareState } from './share-link';

const decodeShare = (fragment: string) => decodeWith(fragment, (kind) => isViewKind(VIEWS, kind));

describe('share links of a comparison with a second dataset', () => {
  const state: ShareState = {
    url: 'http://127.0.0.1:8400/fixtures/compare/era5-like.zarr#mode=zarr',
    variable: '/t2m',
    b: {
      url: 'http://127.0.0.1:8400/fixtures/compare/cmip-like.zarr#mode=zarr',
      variable: '/tas',
      link: 'index',
      method: 'nearest',
      mode: 'diff',
    },
  };

  it('round-trips both datasets, both variables, the link mode and the difference settings', () => {
    const hash = encodeShare(state);
    const p = new URLSearchParams(hash);
    expect([p.get('burl'), p.get('bvar'), p.get('blink'), p.get('bdiff'), p.get('bview')]).toEqual([
      state.b!.url,
      '/tas',
      'index',
      'nearest',
      'diff',
    ]);
    expect(decodeShare(hash)).toEqual({ ok: true, state });
  });

  it('keeps the map view', () => {
    const b = { url: 'https://h.example/b.zarr', link: 'coords', method: 'linear', mode: 'map' } as const;
    const hash = encodeShare({ url: 'https://h.example/a.zarr', b });
    expect(new URLSearchParams(hash).get('bview')).toBe('map');
    expect(decodeShare(hash)).toEqual({ ok: true, state: { url: 'https://h.example/a.zarr', b } });
  });

  it('keeps the dimensions B holds at its own step (A = one day, B = another of the same join)', () => {
    const b = {
      url: 'https://h.example/daily/*.nc',
      link: 'coords',
      method: 'linear',
      mode: 'diff',
      steps: { time: 9, 'a:b,c': 2 },
    } as const;
    const hash = encodeShare({ url: 'https://h.example/daily/*.nc', variable: '/tas', b });
    expect(new URLSearchParams(hash).get('bstep')).toBe('time:9,a%3Ab%2Cc:2');
    expect(decodeShare(hash)).toEqual({
      ok: true,
      state: { url: 'https://h.example/daily/*.nc', variable: '/tas', b },
    });
  });

  it('leaves the defaults out and reads them back', () => {
    const b = { url: 'https://h.example/b.zarr', link: 'coords', method: 'linear', mode: 'side' } as const;
    const hash = encodeShare({ url: 'https://h.example/a.zarr', b });
    expect(hash).toBe('url=https%3A%2F%2Fh.example%2Fa.zarr&burl=https%3A%2F%2Fh.example%2Fb.zarr');
    expect(decodeShare(hash)).toEqual({ ok: true, state: { url: 'https://h.example/a.zarr', b } });
  });

  it('never carries credentials of B', () => {
    const hash = encodeShare({
      url: 'https://h.example/a.zarr',
      b: {
        url: 'https://u:secret@h.example/b.zarr?X-Amz-Signature=abc',
        link: 'coords',
        method: 'linear',
        mode: 'side',
      },
    });
    expect(hash).not.toMatch(/secret|abc|u%3A/);
  });

  it('refuses hostile values with a message', () => {
    const a = 'url=https%3A%2F%2Fh%2Fa.zarr';
    for (const bad of [
      `${a}&burl=javascript%3Aalert(1)`,
      `${a}&burl=file%3A%2F%2F%2Fetc%2Fpasswd`,
      `${a}&burl=https%3A%2F%2Fu%3Ap%40h%2Fb.zarr`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bvar=no-slash`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&blink=magic`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bdiff=cubic`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bview=%3Cscript%3E`,
      `${a}&bvar=%2Ftas`,
      `${a}&bstep=time%3A1`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bstep=time%3A-1`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bstep=__proto__%3A1`,
      `${a}&burl=https%3A%2F%2Fh%2Fb.zarr&bstep=%25E0%3A1`,
    ]) {
      const r = decodeShare(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/link/);
    }
  });
});
