/**
 * Named S3 endpoints (`s3://alias/bucket/key`), like S3netCDF4's `hosts`: validation, a JSON serialiser that
 * drops secrets unless asked to keep them, and import of an S3netCDF4 `~/.s3nc.json` configuration.
 *
 * @example
 * serializeAliases(aliases) // credentials removed: safe for localStorage or a share link
 */
import type { EndpointAlias, S3Credentials } from '../url/endpoints';
import { UsageError, ZarrviewError } from '../errors';

function usage(message: string): ZarrviewError {
  return new UsageError(message);
}

/** Checks one alias: a name without `/`, an http(s) URL, a region. Returns it normalised (no trailing slash). */
export function validateAlias(alias: EndpointAlias): EndpointAlias {
  const name = alias.name.replace(/^s3:\/\//, '');
  if (!name || name.includes('/')) throw usage(`An endpoint name must be one word without "/" (got "${alias.name}").`);
  let url: URL;
  try {
    url = new URL(alias.url);
  } catch (e) {
    throw new UsageError(`The endpoint "${name}" needs a URL like https://s3.example.org (got "${alias.url}").`, {
      cause: e,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usage(`The endpoint "${name}" must use http:// or https://.`);
  if (url.username || url.password)
    throw usage(`The endpoint "${name}" URL must not contain credentials: give them separately.`);
  const creds = alias.credentials;
  if (creds && (!creds.accessKeyId || !creds.secretAccessKey))
    throw usage(`The endpoint "${name}" needs both an access key id and a secret.`);
  const addressing = alias.addressing === 'virtual' ? { addressing: 'virtual' as const } : {};
  return {
    name,
    url: url.href.replace(/\/+$/, ''),
    region: alias.region || 'us-east-1',
    ...addressing,
    ...(creds ? { credentials: creds } : {}),
  };
}

/** JSON for aliases; credentials are dropped unless `keepSecrets` is true. */
export function serializeAliases(aliases: readonly EndpointAlias[], options: { keepSecrets?: boolean } = {}): string {
  return JSON.stringify(
    aliases.map((a) => {
      const out: { name: string; url: string; region: string; addressing?: 'virtual'; credentials?: S3Credentials } = {
        name: a.name,
        url: a.url,
        region: a.region,
      };
      if (a.addressing === 'virtual') out.addressing = 'virtual';
      if (options.keepSecrets && a.credentials) {
        const { accessKeyId, secretAccessKey, sessionToken } = a.credentials;
        out.credentials = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
      }
      return out;
    }),
  );
}

/** Parses what `serializeAliases` wrote (or hand-written JSON), validating each alias. */
export function parseAliases(json: string): EndpointAlias[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new UsageError('The endpoint list is not valid JSON.', { cause: e });
  }
  if (!Array.isArray(data)) throw usage('The endpoint list must be a JSON array of {name, url, region}.');
  return data.map((d: Partial<EndpointAlias>) =>
    validateAlias({
      name: String(d.name ?? ''),
      url: String(d.url ?? ''),
      region: String(d.region ?? ''),
      addressing: d.addressing,
      credentials: d.credentials,
    }),
  );
}

interface S3ncHost {
  alias?: string;
  url?: string;
  region?: string;
  credentials?: { accessKey?: string; secretKey?: string };
}

/** Reads the `hosts` of an S3netCDF4 configuration (`~/.s3nc.json`) as aliases (with their credentials). */
export function aliasesFromS3nc(json: string): EndpointAlias[] {
  let data: { hosts?: Record<string, S3ncHost> };
  try {
    data = JSON.parse(json) as typeof data;
  } catch (e) {
    throw new UsageError('The S3netCDF4 configuration is not valid JSON.', { cause: e });
  }
  return Object.entries(data.hosts ?? {}).map(([key, h]) => {
    const c = h.credentials;
    const credentials =
      c?.accessKey && c.secretKey ? { accessKeyId: c.accessKey, secretAccessKey: c.secretKey } : undefined;
    return validateAlias({ name: h.alias ?? key, url: h.url ?? '', region: h.region ?? '', credentials });
  });
}
