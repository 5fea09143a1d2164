import { describe, expect, it } from 'vitest';
import { decodeBrowse, encodeBrowse, type BrowseLink } from './browse-link';

describe('listing links', () => {
  const full: BrowseLink = {
    place: { kind: 'thredds', url: 'https://h.example/thredds/catalog.xml', dataset: '0/3' },
    filter: 'OR_ABI & 10%',
    sort: 'date',
    selected: 'OR_ABI-L2-CMIPF-M6C13_G16_s20240010000204.nc',
    picked: ['a b.nc', 'R&D #1.nc', 'café.nc'],
  };

  it('round-trips the place, the filter, the sort and the entry selected', () => {
    const query = encodeBrowse(full);
    expect(decodeBrowse(`?${query}`)).toEqual({ ok: true, link: full });
    const s3: BrowseLink = { place: { kind: 's3', url: 's3://bucket/goes/2024/' } };
    expect(decodeBrowse(encodeBrowse(s3))).toEqual({ ok: true, link: s3 });
  });

  it('leaves out what is the default (sort by name, no filter, no selection)', () => {
    const p = new URLSearchParams(encodeBrowse({ place: { kind: 'http', url: 'https://h/f/' }, sort: 'name' }));
    expect([...p.keys()]).toEqual(['browse', 'kind']);
  });

  it('never carries credentials', () => {
    const query = encodeBrowse({ place: { kind: 'http', url: 'https://u:secret@h/f/?X-Amz-Signature=abc&k=1' } });
    expect(query).not.toMatch(/secret|abc|u%3A/);
    expect(decodeBrowse(query)).toMatchObject({ ok: true, link: { place: { url: 'https://h/f/?k=1' } } });
  });

  it('carries each ticked entry once, and none past the bound', () => {
    const twice = decodeBrowse('browse=https://h/f/&kind=http&pick=a.nc&pick=b.nc&pick=a.nc');
    expect(twice).toMatchObject({ ok: true, link: { picked: ['a.nc', 'b.nc'] } });
    const many = Array.from({ length: 501 }, (_, i) => `f${i}.nc`);
    const query = encodeBrowse({ place: { kind: 'http', url: 'https://h/f/' }, picked: many });
    expect(new URLSearchParams(query).getAll('pick')).toEqual([]);
  });

  it('a query without a place is no listing', () => {
    expect(decodeBrowse('')).toEqual({ ok: true, link: null });
    expect(decodeBrowse('?q=x')).toEqual({ ok: true, link: null });
  });

  it.each([
    ['browse=javascript:alert(1)&kind=http', 'http(s)'],
    ['browse=file:///etc/&kind=http', 'http(s)'],
    ['browse=https://a:b@h/f/&kind=http', 'credentials'],
    ['browse=https://h/f/%0Aevil&kind=http', 'not valid'],
    [`browse=https://h/${'a'.repeat(9000)}&kind=http`, 'not valid'],
    ['browse=https://h/f/', 'what kind'],
    ['browse=https://h/f/&kind=ftp', 'what kind'],
    ['browse=https://h/f/&kind=http&at=0/1', 'catalog dataset'],
    ['browse=https://h/c.xml&kind=thredds&at=../x', 'catalog dataset'],
    ['browse=https://h/f/&kind=http&sort=random', 'Unknown sort'],
    ['browse=https://h/f/&kind=http&q=%07', 'filter'],
    [`browse=https://h/f/&kind=http&sel=${'x'.repeat(2000)}`, 'entry selected'],
    ['browse=https://h/f/&kind=http&pick=a.nc&pick=%0A', 'entry ticked'],
    [`browse=https://h/f/&kind=http${'&pick=a'.repeat(501)}`, 'more than 500'],
  ])('rejects the hostile query %s with a message', (query, words) => {
    const r = decodeBrowse(query);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(words);
  });
});
