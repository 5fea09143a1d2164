/**
 * Where an S3 location's requests go: which credentials a host may receive, and how an AWS bucket is addressed
 * (used by open-store.ts).
 */
import type { S3Credentials } from '../url/endpoints';
import { s3HostInfo, type S3Target } from '../url/index';
import type { OpenStoreOptions, S3Defaults } from './open-store';

/**
 * Credentials without an alias go only to AWS endpoints and to the environment's endpoint: a link to another
 * host (`https://other/bucket/key#mode=s3`) must not receive signed requests. Other hosts need an alias.
 */
export function credentialsFor(
  endpoint: string,
  options: OpenStoreOptions,
  defaults: S3Defaults,
): S3Credentials | undefined {
  const creds = options.credentials ?? defaults.credentials;
  if (!creds) return undefined;
  const host = new URL(endpoint).host;
  const envOrigin = defaults.endpoint ? new URL(defaults.endpoint).origin : undefined;
  if (s3HostInfo(host) || new URL(endpoint).origin === envOrigin) return creds;
  return undefined;
}

/**
 * How to address an AWS bucket. Virtual-host style when the location was written so, or when the region is
 * unknown (`s3://bucket/key`): the global endpoint's DNS then reaches the bucket in any region, where a
 * path-style request to the wrong region gets a 301 that a browser cannot read (no CORS headers). Buckets
 * with dots stay path style (their virtual host names do not match the TLS certificate). Aliases keep their own
 * `addressing`.
 */
export function awsAddressing(target: S3Target): { endpoint: string; addressing: 'path' | 'virtual' } {
  // An alias says itself how its buckets are addressed.
  if (target.alias) return { endpoint: target.endpoint, addressing: target.virtualHost ? 'virtual' : 'path' };
  const aws =
    s3HostInfo(new URL(target.endpoint).host) !== undefined &&
    !target.alias &&
    new URL(target.endpoint).hostname.endsWith('.amazonaws.com');
  if (!aws || target.bucket.includes('.')) return { endpoint: target.endpoint, addressing: 'path' };
  if (!target.regionKnown) return { endpoint: 'https://s3.amazonaws.com', addressing: 'virtual' };
  return { endpoint: target.endpoint, addressing: target.virtualHost ? 'virtual' : 'path' };
}
