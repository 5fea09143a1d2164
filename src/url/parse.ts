/**
 * The location grammar: `https://…`, `http://localhost…`, `s3://bucket/key`, `s3://alias/bucket/key`,
 * virtual-host and path-style S3 URLs, S3-compatible endpoints (`#mode=…,s3`), `file://` URLs and plain local
 * paths, each with an optional netcdf-c fragment. Parsing keeps every part as written so that
 * `formatLocation(parseLocation(s)) === s`; the S3 view (`s3`) is the normalised, path-style reading.
 *
 * @example
 * const loc = parseLocation('s3://bucket/data.zarr#mode=nczarr,s3');
 * loc.s3 // { bucket: 'bucket', key: 'data.zarr', ... }
 * formatLocation(loc) // 's3://bucket/data.zarr#mode=nczarr,s3'
 */
import { UrlError } from './errors';
import { formatFragment, modeFlags, parseFragment, type Fragment, type ModeFlags } from './fragment';
import { redactQuery } from './redact';
import { s3HostInfo } from './s3-host';

/** How the location was written. */
export type LocationStyle =
  | 's3' // s3://bucket/key, s3://alias/bucket/key, s3://s3.region.amazonaws.com/bucket/key
  | 'virtual-host' // https://bucket.s3.region.amazonaws.com/key
  | 'path-style' // https://s3.region.amazonaws.com/bucket/key, or any host with #mode=…,s3
  | 'http' // any other http(s) URL
  | 'file' // file:///path
  | 'local'; // a plain path

/** The S3 reading of a location, path-style as netcdf-c normalises it. */
export interface S3Address {
  readonly bucket: string;
  /** The object key or prefix, percent-decoded, without a leading slash (`''` for the bucket root). */
  readonly key: string;
  /** Region named by the host (virtual-host / path-style AWS hosts), if any. */
  readonly region: string | undefined;
  /** `https://host[:port]` of the service, without bucket; `undefined` for `s3://bucket` (AWS by region). */
  readonly endpoint: string | undefined;
  /** For `s3://name/…`: the first segment, which may name an endpoint alias (then bucket/key shift by one). */
  readonly aliasCandidate: string | undefined;
}

export interface ParsedLocation {
  readonly style: LocationStyle;
  /** `https`, `http`, `s3`, `file`, or `''` for a local path (lower case as written). */
  readonly scheme: string;
  /** `host[:port]` as written; `''` for local paths and `file:///`. */
  readonly host: string;
  /** The path as written (percent-encoded for URLs). */
  readonly path: string;
  /** The query without `?`, or `undefined` when there is no `?`. */
  readonly query: string | undefined;
  /** The fragment entries, or `undefined` when there is no `#`. */
  readonly fragment: Fragment | undefined;
  /** The fragment was written `\#` (shell-escaped, as in netcdf-c's documentation). */
  readonly escapedHash: boolean;
  /** `user:password@` was present; it is never formatted back (credentials stay out of URLs). */
  readonly hadUserinfo: boolean;
  readonly mode: ModeFlags;
  readonly s3: S3Address | undefined;
}

const URL_RE =
  /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#\\]*)([^?#\\]*(?:\\(?!#)[^?#\\]*)*)(?:\?([^#\\]*))?(?:(\\?)#(.*))?$/s;

function decodeKey(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function splitHash(text: string): { body: string; escaped: boolean; fragment: string | undefined } {
  const i = text.indexOf('#');
  if (i < 0) return { body: text, escaped: false, fragment: undefined };
  const escaped = i > 0 && text[i - 1] === '\\';
  return { body: text.slice(0, escaped ? i - 1 : i), escaped, fragment: text.slice(i + 1) };
}

function pathSegments(path: string): { first: string; rest: string; hasSlash: boolean } {
  const p = path.startsWith('/') ? path.slice(1) : path;
  const j = p.indexOf('/');
  return j < 0
    ? { first: p, rest: '', hasSlash: false }
    : { first: p.slice(0, j), rest: p.slice(j + 1), hasSlash: true };
}

function s3Address(style: LocationStyle, scheme: string, host: string, path: string): S3Address | undefined {
  if (style === 's3') {
    const info = s3HostInfo(host);
    if (info) {
      // s3://s3.us-west-1.amazonaws.com/bucket/key (netcdf-c's documented form)
      const seg = pathSegments(path);
      const bucket = info.bucket ?? decodeKey(seg.first);
      const key = info.bucket !== undefined ? decodeKey(path.replace(/^\//, '')) : decodeKey(seg.rest);
      return { bucket, key, region: info.region, endpoint: `https://${info.serviceHost}`, aliasCandidate: undefined };
    }
    return {
      bucket: host,
      key: decodeKey(path.replace(/^\//, '')),
      region: undefined,
      endpoint: undefined,
      aliasCandidate: host,
    };
  }
  if (style === 'virtual-host') {
    const info = s3HostInfo(host)!;
    const key = decodeKey(path.replace(/^\//, ''));
    return {
      bucket: info.bucket!,
      key,
      region: info.region,
      endpoint: `${scheme}://${info.serviceHost}`,
      aliasCandidate: undefined,
    };
  }
  if (style === 'path-style') {
    const seg = pathSegments(path);
    const region = s3HostInfo(host)?.region;
    return {
      bucket: decodeKey(seg.first),
      key: decodeKey(seg.rest),
      region,
      endpoint: `${scheme}://${host}`,
      aliasCandidate: undefined,
    };
  }
  return undefined;
}

/**
 * Parses a location string. Throws `UrlError` for an empty string or an unsupported scheme.
 */
export function parseLocation(text: string): ParsedLocation {
  const input = text.trim();
  if (input === '') throw new UrlError('The location is empty: give a URL (https://…, s3://…) or a path.', text);
  const m = URL_RE.exec(input);
  if (!m) {
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(input)) throw new UrlError(`Cannot read the URL "${input}".`, input);
    const { body, escaped, fragment } = splitHash(input);
    const frag = fragment === undefined ? undefined : parseFragment(fragment);
    return {
      style: 'local',
      scheme: '',
      host: '',
      path: body,
      query: undefined,
      fragment: frag,
      escapedHash: escaped,
      hadUserinfo: false,
      mode: frag ? modeFlags(frag) : {},
      s3: undefined,
    };
  }
  const scheme = m[1]!.toLowerCase();
  let host = m[2] ?? '';
  const at = host.lastIndexOf('@');
  const hadUserinfo = at >= 0;
  if (hadUserinfo) host = host.slice(at + 1);
  const path = m[3] ?? '';
  const frag = m[6] === undefined ? undefined : parseFragment(m[6]);
  const mode = frag ? modeFlags(frag) : {};
  let style: LocationStyle;
  if (scheme === 's3') style = 's3';
  else if (scheme === 'file') style = 'file';
  else if (scheme === 'http' || scheme === 'https') {
    const info = s3HostInfo(host);
    if (info?.bucket !== undefined) style = 'virtual-host';
    else if (info || mode.medium === 's3') style = 'path-style';
    else style = 'http';
  } else {
    throw new UrlError(
      `The scheme "${m[1]}:" is not supported: use https://, http://, s3://, file:// or a path.`,
      input,
    );
  }
  return {
    style,
    scheme: m[1]!,
    host,
    path,
    query: m[4],
    fragment: frag,
    escapedHash: m[5] === '\\',
    hadUserinfo,
    mode,
    s3: s3Address(style, scheme, host, path),
  };
}

export interface FormatOptions {
  /** Drop query parameters that carry credentials (`X-Amz-Credential`, `X-Amz-Signature`, …) for share links. */
  readonly share?: boolean;
  /** Write the fragment as `#` even if it was written `\#`. */
  readonly plainHash?: boolean;
}

/** Formats a parsed location back into text (userinfo never included). */
export function formatLocation(loc: ParsedLocation, options: FormatOptions = {}): string {
  let out = loc.style === 'local' ? loc.path : `${loc.scheme}://${loc.host}${loc.path}`;
  if (loc.query !== undefined) {
    const query = options.share ? redactQuery(loc.query) : loc.query;
    if (!options.share || query !== '') out += `?${query}`;
  }
  if (loc.fragment !== undefined)
    out += `${loc.escapedHash && !options.plainHash ? '\\' : ''}#${formatFragment(loc.fragment)}`;
  return out;
}

/** A copy of `loc` with a new fragment (mode re-read from it). */
export function withFragment(loc: ParsedLocation, fragment: Fragment | undefined): ParsedLocation {
  const next = { ...loc, fragment, mode: fragment ? modeFlags(fragment) : {} };
  if (loc.scheme === 'http' || loc.scheme === 'https') {
    // `#mode=…,s3` on a plain host switches to the S3 (path-style) reading and back.
    const reparsed = parseLocation(formatLocation(next));
    return reparsed;
  }
  return next;
}

/**
 * The dataset name as ncdump derives it: the last path segment (or key) without its extension.
 *
 * @example datasetName(parseLocation('s3://b/dir/sample.zarr#mode=zarr')) // 'sample'
 */
export function datasetName(loc: ParsedLocation): string {
  const raw = loc.s3 ? loc.s3.key || loc.s3.bucket : loc.style === 'local' ? loc.path : decodeKey(loc.path);
  const parts = raw.split(/[/\\]/).filter((p) => p !== '' && p !== '.');
  const last = parts[parts.length - 1] ?? (loc.host || 'dataset');
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}

/** The local filesystem path of a `file://` or plain-path location, else `undefined`. */
export function localPath(loc: ParsedLocation): string | undefined {
  if (loc.style === 'local') return loc.path;
  if (loc.style === 'file') return decodeKey(loc.path);
  return undefined;
}
