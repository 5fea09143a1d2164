/**
 * A reverse proxy on 127.0.0.1 that verifies the AWS SigV4 signature of each request (recomputed with
 * @smithy/signature-v4 from the known credentials) before forwarding it to `target` (e.g. s3rver, which does
 * not verify signatures). Requests with a wrong or missing signature get S3's 403 `SignatureDoesNotMatch`
 * (or `AccessDenied` when unsigned), as AWS would answer.
 *
 * @example
 * const proxy = await startSigV4Proxy({ target: s3.url, credentials, region: 'us-east-1' });
 * // point the S3 store at proxy.url; proxy.verdicts lists each request's outcome
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Credentials } from '../../url/endpoints';

export interface Verdict {
  readonly method: string;
  readonly url: string;
  readonly signed: boolean;
  readonly valid: boolean;
  readonly sessionToken: string | undefined;
}

export interface SigV4Proxy {
  readonly url: string;
  readonly verdicts: Verdict[];
  stop(): Promise<void>;
}

export interface SigV4ProxyOptions {
  readonly target: string;
  readonly credentials: S3Credentials;
  readonly region: string;
  /** Let unsigned requests through (a public bucket); default false. */
  readonly allowAnonymous?: boolean;
  /** Port on 127.0.0.1 (default: chosen by the OS). */
  readonly port?: number;
}

function amzDate(s: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) return new Date(NaN);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** Recomputes the Authorization header of a received request; true when it matches. */
export async function verifySigV4(
  req: http.IncomingMessage,
  credentials: S3Credentials,
  region: string,
): Promise<boolean> {
  const auth = String(req.headers.authorization ?? '');
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  if (!signedHeaders.includes('host')) return false;
  const u = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const query: Record<string, string> = {};
  for (const [k, v] of u.searchParams) query[k] = v;
  const headers: Record<string, string> = {};
  for (const h of signedHeaders) headers[h] = String(req.headers[h] ?? '');
  const signer = new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  const signed = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: u.hostname,
      port: Number(u.port),
      path: u.pathname,
      query,
      headers,
    },
    {
      signingDate: amzDate(String(req.headers['x-amz-date'] ?? '')),
      unsignableHeaders: new Set(),
      signableHeaders: new Set(signedHeaders),
    },
  );
  return signed.headers.authorization === auth;
}

export async function startSigV4Proxy(options: SigV4ProxyOptions): Promise<SigV4Proxy> {
  const verdicts: Verdict[] = [];
  const target = new URL(options.target);
  const server = http.createServer((req, res) => {
    void (async () => {
      // CORS preflights carry no credentials (browsers never sign them): pass them through.
      const preflight = req.method === 'OPTIONS';
      const signed = req.headers.authorization !== undefined;
      const valid = signed && (await verifySigV4(req, options.credentials, options.region));
      const token = req.headers['x-amz-security-token'];
      const sessionToken = typeof token === 'string' ? token : undefined;
      if (!preflight) verdicts.push({ method: req.method ?? 'GET', url: req.url ?? '/', signed, valid, sessionToken });
      const tokenOk = (options.credentials.sessionToken ?? undefined) === sessionToken;
      if (!preflight && !(valid && tokenOk) && !(!signed && options.allowAnonymous)) {
        const code = signed ? 'SignatureDoesNotMatch' : 'AccessDenied';
        res.writeHead(403, {
          'content-type': 'application/xml',
          'access-control-allow-origin': String(req.headers.origin ?? '*'),
        });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>rejected by the test proxy</Message></Error>`,
        );
      }
      // s3rver checks access key ids against its own: forward without the (already verified) signature.
      const headers: http.OutgoingHttpHeaders = { ...req.headers, host: target.host };
      for (const h of ['authorization', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token'])
        delete headers[h];
      const fwd = http.request(
        { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      fwd.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(fwd);
    })();
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    verdicts,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
