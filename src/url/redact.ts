/**
 * The one credential redaction for locations shown to people (share links, the recent list, error messages):
 * `user:pass@` is dropped, and so are query parameters that carry a signature or a credential: AWS presigned
 * URLs (`X-Amz-*`, SigV2's `AWSAccessKeyId`/`Signature`), Google Cloud Storage signed URLs (`X-Goog-*`,
 * `GoogleAccessId`) and Azure SAS tokens (`sig`).
 *
 * @example
 * redactLocation('https://u:p@h/d.zarr?X-Goog-Signature=abc&v=2#mode=zarr') // 'https://h/d.zarr?v=2#mode=zarr'
 */

const SECRET_QUERY = /^(x-amz-.*|x-goog-.*|signature|awsaccesskeyid|googleaccessid|sig)$/i;

function decodedKey(param: string): string {
  const key = param.split('=')[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** Whether a query parameter (`key=value`, or its key) carries a credential or signature. */
export function isSecretQueryParam(param: string): boolean {
  return SECRET_QUERY.test(decodedKey(param));
}

/** A query string (without `?`) without its secret parameters. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .filter((kv) => kv !== '' && !isSecretQueryParam(kv))
    .join('&');
}

/** A location (any `scheme://…` URL; other text is returned as it is) without credentials. */
export function redactLocation(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*@)?(.*)$/is.exec(url);
  if (!m) return url;
  const rest = m[3] ?? '';
  const hash = rest.indexOf('#');
  const body = hash < 0 ? rest : rest.slice(0, hash);
  const frag = hash < 0 ? '' : rest.slice(hash);
  const q = body.indexOf('?');
  if (q < 0) return `${m[1]}${rest}`;
  const kept = redactQuery(body.slice(q + 1));
  return `${m[1]}${body.slice(0, q)}${kept ? `?${kept}` : ''}${frag}`;
}
