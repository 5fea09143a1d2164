/**
 * Resolves the S3 reading of a location into the path-style target the S3 store talks to, applying endpoint
 * aliases (`s3://alias/bucket/key`, like S3netCDF4's `hosts`) and the default region.
 */
import type { EndpointAlias, S3Credentials } from './endpoints';
import { UrlError } from './errors';
import type { ParsedLocation } from './parse';
import { DEFAULT_REGION, awsEndpoint, s3HostInfo } from './s3-host';

export interface S3Target {
  /** `https://host[:port]` (path style, no bucket). */
  readonly endpoint: string;
  readonly bucket: string;
  /** Key prefix of the dataset, no leading or trailing slash (`''` for the bucket root). */
  readonly key: string;
  readonly region: string;
  /** Whether the region came from the location, an alias or the options (else it is the default). */
  readonly regionKnown: boolean;
  /** Virtual-host style: the location was written so (`https://bucket.s3.region.amazonaws.com/…`), or its alias says so. */
  readonly virtualHost: boolean;
  /** The alias used (by name, or by the origin of a path-style URL), if any; its credentials never go in a URL. */
  readonly alias: string | undefined;
  readonly credentials: S3Credentials | undefined;
}

export interface ResolveOptions {
  readonly aliases?: readonly EndpointAlias[] | undefined;
  /** Region when neither host nor alias names one (e.g. from `AWS_REGION`); default `us-east-1`. */
  readonly region?: string | undefined;
  /** Endpoint for `s3://bucket/key` when no alias applies (e.g. from `AWS_ENDPOINT_URL`). */
  readonly endpoint?: string | undefined;
}

function trimSlashes(s: string): string {
  return s.replace(/^\/+/, '').replace(/\/+$/, '');
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Finds an alias by name (case-sensitive, `s3://` prefix on the alias name tolerated). */
export function findAlias(aliases: readonly EndpointAlias[] | undefined, name: string): EndpointAlias | undefined {
  return aliases?.find((a) => a.name.replace(/^s3:\/\//, '') === name);
}

/**
 * The S3 target of a location, or `undefined` when it is not an S3 location.
 *
 * @example
 * resolveS3(parseLocation('s3://minio/bucket/data.zarr'), { aliases: [{ name: 'minio', url: 'http://127.0.0.1:9000', region: 'us-east-1' }] })
 * // { endpoint: 'http://127.0.0.1:9000', bucket: 'bucket', key: 'data.zarr', region: 'us-east-1', alias: 'minio', … }
 */
export function resolveS3(loc: ParsedLocation, options: ResolveOptions = {}): S3Target | undefined {
  const s3 = loc.s3;
  if (!s3) return undefined;
  const alias = s3.aliasCandidate !== undefined ? findAlias(options.aliases, s3.aliasCandidate) : undefined;
  if (alias) {
    const rest = s3.key;
    const j = rest.indexOf('/');
    const bucket = j < 0 ? rest : rest.slice(0, j);
    if (bucket === '') throw new UrlError(`"s3://${alias.name}/" needs a bucket after the endpoint name.`, loc.host);
    const endpoint = alias.url.replace(/\/+$/, '');
    return {
      endpoint,
      bucket,
      key: trimSlashes(j < 0 ? '' : rest.slice(j + 1)),
      region: alias.region || s3HostInfo(new URL(endpoint).host)?.region || options.region || DEFAULT_REGION,
      regionKnown: true,
      virtualHost: alias.addressing === 'virtual',
      alias: alias.name,
      credentials: alias.credentials,
    };
  }
  if (s3.bucket === '') throw new UrlError('The S3 location names no bucket: write s3://bucket/key.', loc.path);
  // A path-style URL on a host that an alias describes gets that alias's region and credentials.
  const byOrigin =
    s3.endpoint !== undefined ? options.aliases?.find((a) => sameOrigin(a.url, s3.endpoint!)) : undefined;
  const region = byOrigin?.region || s3.region || options.region || DEFAULT_REGION;
  const endpoint = s3.endpoint ?? options.endpoint?.replace(/\/+$/, '') ?? awsEndpoint(region);
  const regionKnown = Boolean(byOrigin?.region || s3.region || options.region);
  return {
    endpoint,
    bucket: s3.bucket,
    key: trimSlashes(s3.key),
    region,
    regionKnown,
    virtualHost: loc.style === 'virtual-host',
    alias: byOrigin?.name,
    credentials: byOrigin?.credentials,
  };
}

/**
 * The path-style HTTPS URL of a target's dataset root (netcdf-c's internal form):
 * `https://s3.us-west-1.amazonaws.com/bucket/key`.
 */
export function pathStyleUrl(target: S3Target): string {
  const key = target.key.split('/').map(encodeURIComponent).join('/');
  return `${target.endpoint}/${encodeURIComponent(target.bucket)}${key ? `/${key}` : ''}`;
}
