/**
 * netcdf-c URL fragments: `#mode=nczarr,zip&awsprofile=unidata` or `#mode=nczarr,awsprofile=unidata`.
 * Keys are joined by `&` or `,`; a comma-separated token without `=` continues the previous key's value list
 * (`mode=nczarr,zip`). Entries keep their order and separators so a fragment formats back unchanged.
 */

/** What the `mode` key says, typed for the model readers. */
export interface ModeFlags {
  nczarr?: boolean;
  zarr?: boolean;
  xarray?: boolean;
  consolidated?: boolean;
  zarrFormat?: 2 | 3;
  medium?: 's3' | 'file' | 'zip' | 'http';
  /** `bytes`: the URL is one file read by byte ranges (netcdf-c's byte-range mode), not a Zarr hierarchy. */
  bytes?: boolean;
}

export interface FragmentEntry {
  readonly key: string;
  /** `null` for a bare key (`#log`), else the comma-separated values (`mode=a,b` → `['a', 'b']`). */
  readonly values: readonly string[] | null;
  /** The separator written before this entry (`''` for the first one). */
  readonly sep: '' | '&' | ',';
}

export type Fragment = readonly FragmentEntry[];

/** Parses the text after `#` (without the `#`). */
export function parseFragment(text: string): Fragment {
  const entries: { key: string; values: string[] | null; sep: '' | '&' | ',' }[] = [];
  if (text === '') return entries;
  let sep: '' | '&' | ',' = '';
  for (const [ai, part] of text.split('&').entries()) {
    if (ai > 0) sep = '&';
    for (const [ci, token] of part.split(',').entries()) {
      if (ci > 0) sep = ',';
      const eq = token.indexOf('=');
      const last = entries[entries.length - 1];
      if (eq < 0 && sep === ',' && last && last.values !== null) {
        last.values.push(token);
        continue;
      }
      entries.push(
        eq < 0 ? { key: token, values: null, sep } : { key: token.slice(0, eq), values: [token.slice(eq + 1)], sep },
      );
    }
  }
  return entries;
}

/** Formats entries back into fragment text (without `#`). */
export function formatFragment(fragment: Fragment): string {
  return fragment.map((e) => e.sep + (e.values === null ? e.key : `${e.key}=${e.values.join(',')}`)).join('');
}

/** The value list of `key` (case-insensitive), `null` for a bare key, `undefined` when absent. */
export function fragmentValues(fragment: Fragment, key: string): readonly string[] | null | undefined {
  const k = key.toLowerCase();
  return fragment.find((e) => e.key.toLowerCase() === k)?.values;
}

/** The first value of `key`, e.g. `fragmentValue(f, 'awsprofile')`. */
export function fragmentValue(fragment: Fragment, key: string): string | undefined {
  return fragmentValues(fragment, key)?.[0];
}

const MEDIA = new Set(['s3', 'file', 'zip', 'http']);

/**
 * Reads the `mode` key into flags. Unknown words are ignored (netcdf-c ignores them too).
 *
 * @example modeFlags(parseFragment('mode=nczarr,zip')) // { nczarr: true, medium: 'zip' }
 */
export function modeFlags(fragment: Fragment): ModeFlags {
  const flags: ModeFlags = {};
  for (const word of fragmentValues(fragment, 'mode') ?? []) {
    const w = word.toLowerCase();
    if (w === 'nczarr') flags.nczarr = true;
    else if (w === 'zarr') flags.zarr = true;
    else if (w === 'xarray') flags.xarray = true;
    else if (w === 'noxarray') flags.xarray = false;
    else if (w === 'consolidated') flags.consolidated = true;
    else if (w === 'noconsolidated') flags.consolidated = false;
    else if (w === 'v2') flags.zarrFormat = 2;
    else if (w === 'v3') flags.zarrFormat = 3;
    else if (w === 'bytes') {
      flags.medium = 'http';
      flags.bytes = true;
    } else if (MEDIA.has(w)) flags.medium = w as ModeFlags['medium'];
  }
  return flags;
}

/** The `mode` words that express `flags`, in netcdf-c's usual order. */
export function modeWords(flags: ModeFlags): string[] {
  const words: string[] = [];
  if (flags.nczarr) words.push('nczarr');
  if (flags.zarr) words.push('zarr');
  if (flags.xarray === true) words.push('xarray');
  if (flags.xarray === false) words.push('noxarray');
  if (flags.medium) words.push(flags.medium === 'http' ? 'bytes' : flags.medium);
  if (flags.consolidated === true) words.push('consolidated');
  if (flags.consolidated === false) words.push('noconsolidated');
  if (flags.zarrFormat) words.push(`v${flags.zarrFormat}`);
  return words;
}

/** Returns a fragment whose `mode` key says `flags` (other keys kept in place; removed when `flags` is empty). */
export function withMode(fragment: Fragment, flags: ModeFlags): Fragment {
  const words = modeWords(flags);
  const i = fragment.findIndex((e) => e.key.toLowerCase() === 'mode');
  const out = [...fragment];
  if (i >= 0) {
    if (words.length) out[i] = { ...out[i]!, values: words };
    else {
      out.splice(i, 1);
      if (out[0]) out[0] = { ...out[0], sep: '' };
    }
  } else if (words.length) out.unshift({ key: 'mode', values: words, sep: '' });
  if (i < 0 && out[1]) out[1] = { ...out[1], sep: out[1].sep || '&' };
  return out;
}
