// A self-signed certificate for the bench server's HTTP/2 (TLS on 127.0.0.1), made at bench time with openssl
// into bench/tmp; only the bench's browser context is told to accept it (ignoreHTTPSErrors).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `{ key, cert }` PEM buffers, or null when openssl is missing. */
export function benchCertificate(dir) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '7',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) return null;
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
