/** The location grammar (URLs, S3 addresses, netcdf-c `#mode` fragments). See parse.ts. */
export * from './errors';
export * from './fragment';
export * from './parse';
export { isSecretQueryParam, redactLocation, redactQuery } from './redact';
export * from './resolve';
export type { EndpointAlias, S3Credentials } from './endpoints';
export { DEFAULT_REGION, awsEndpoint, s3HostInfo, type S3HostInfo } from './s3-host';
