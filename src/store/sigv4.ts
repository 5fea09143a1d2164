/**
 * AWS Signature Version 4 for GET/HEAD requests (objects and listings) with @smithy/signature-v4. The
 * credentials stay in this closure: they never enter a URL, a log, or a request to another host. The signing
 * libraries load with the first request signed (a page that reads only public data never loads them).
 */
import type { SignatureV4 } from '@smithy/signature-v4';
import type { S3Credentials } from '../url/endpoints';
import type { HttpRequestInit, Signer } from './http-store';

export interface SignerConfig {
  readonly credentials: S3Credentials;
  readonly region: string;
  readonly service?: string;
  /** Only requests to this origin are signed (defence against sending credentials elsewhere). */
  readonly origin: string;
  /** Clock for tests. */
  readonly now?: () => Date;
}

/** Parses a URL into the request shape @smithy/signature-v4 signs (query values decoded, path kept encoded). */
export function toSignable(request: HttpRequestInit) {
  const u = new URL(request.url);
  const query: Record<string, string> = {};
  for (const [k, v] of u.searchParams) query[k] = v;
  return {
    method: request.method,
    protocol: u.protocol,
    hostname: u.hostname,
    port: u.port ? Number(u.port) : undefined,
    path: u.pathname,
    query,
    headers: { ...request.headers, host: u.host },
  };
}

/**
 * A `Signer` for HttpStore: returns `authorization`, `x-amz-date`, `x-amz-content-sha256` (and
 * `x-amz-security-token` with a session token).
 */
let libraries: Promise<{ SignatureV4: typeof SignatureV4; Sha256: typeof import('@aws-crypto/sha256-js').Sha256 }>;
const loadLibraries = () =>
  (libraries ??= Promise.all([import('@smithy/signature-v4'), import('@aws-crypto/sha256-js')]).then(([s, h]) => ({
    SignatureV4: s.SignatureV4,
    Sha256: h.Sha256,
  })));

export function createSigV4Signer(config: SignerConfig): Signer {
  const { accessKeyId, secretAccessKey, sessionToken } = config.credentials;
  let signer: Promise<SignatureV4> | undefined;
  const origin = new URL(config.origin).origin;
  return async (request) => {
    if (new URL(request.url).origin !== origin) return {};
    signer ??= loadLibraries().then(
      (lib) =>
        new lib.SignatureV4({
          credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
          region: config.region,
          service: config.service ?? 's3',
          sha256: lib.Sha256,
          uriEscapePath: false,
          applyChecksum: true,
        }),
    );
    const signed = await (await signer).sign(toSignable(request), config.now ? { signingDate: config.now() } : {});
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.headers)) if (k.toLowerCase() !== 'host') out[k] = String(v);
    return out;
  };
}
