/**
 * Recognises S3 service host names: `bucket.s3.region.amazonaws.com` (virtual host), `s3.region.amazonaws.com`
 * (path style), legacy `s3-region.amazonaws.com`, dual-stack, and Google's `storage.googleapis.com`.
 */

export const DEFAULT_REGION = 'us-east-1';

export interface S3HostInfo {
  /** The bucket when it is part of the host (virtual-host style), else `undefined`. */
  readonly bucket: string | undefined;
  /** The service host without the bucket (`s3.eu-west-1.amazonaws.com`), with the port if any. */
  readonly serviceHost: string;
  /** The region named by the host, if any. */
  readonly region: string | undefined;
}

const S3_LABEL = /^s[23](?:$|-)/; // `s2` appears in netcdf-c's documentation for `s3`

function regionOf(label: string, rest: readonly string[]): string | undefined {
  if (label.startsWith('s3-')) {
    const r = label.slice(3);
    return r === 'external-1' ? DEFAULT_REGION : r;
  }
  const words = rest.filter((l) => l !== 'dualstack' && l !== 'amazonaws' && l !== 'com' && l !== 'cn');
  return words[0];
}

/** Host (with optional `:port`) → S3 info when it is an AWS or Google S3 host, else `undefined`. */
export function s3HostInfo(host: string): S3HostInfo | undefined {
  const colon = host.lastIndexOf(':');
  const hostname = (colon > 0 && !host.endsWith(']') ? host.slice(0, colon) : host).toLowerCase();
  const port = colon > 0 && !host.endsWith(']') ? host.slice(colon) : '';
  if (hostname === 'storage.googleapis.com') return { bucket: undefined, serviceHost: host, region: 'auto' };
  if (!/\.amazonaws\.com(\.cn)?$/.test(hostname)) return undefined;
  const labels = host.slice(0, host.length - port.length).split('.');
  const i = labels.findIndex((l) => S3_LABEL.test(l.toLowerCase()));
  if (i === 0) {
    return { bucket: undefined, serviceHost: host, region: regionOf(labels[0]!.toLowerCase(), labels.slice(1)) };
  }
  // Virtual host: everything before the s3 label is the bucket (bucket names may contain dots).
  const at = i > 0 ? i : 1;
  const service = labels.slice(at);
  const first = service[0]!.toLowerCase();
  return {
    bucket: labels.slice(0, at).join('.'),
    serviceHost: service.join('.') + port,
    region: S3_LABEL.test(first) ? regionOf(first, service.slice(1)) : regionOf('', service),
  };
}

/** The AWS path-style endpoint of a region: `https://s3.eu-west-1.amazonaws.com`. */
export function awsEndpoint(region: string): string {
  return `https://s3.${region}.amazonaws.com`;
}
