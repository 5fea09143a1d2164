/** S3 endpoints and credentials, as locations resolve them (`resolve.ts`) and the S3 store signs with them. */

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
}

/** A named S3 endpoint (`s3://alias/bucket/key` resolves to it), like S3netCDF4's `hosts`. */
export interface EndpointAlias {
  readonly name: string;
  readonly url: string;
  readonly region: string;
  readonly credentials?: S3Credentials | undefined;
  /**
   * How requests reach a bucket: `path` (default, `<url>/bucket/key`) or `virtual` (`bucket.<url host>/key`,
   * for S3-compatible endpoints that serve buckets as virtual hosts).
   */
  readonly addressing?: 'path' | 'virtual' | undefined;
}
