/**
 * Loopback ports of the end-to-end servers (all bind 127.0.0.1). `ZARRVIEW_E2E_PORT_OFFSET` shifts all of them, so
 * two checkouts can run their end-to-end tests at the same time.
 */
const offset = Number(process.env.ZARRVIEW_E2E_PORT_OFFSET ?? 0) || 0;
export const STATIC_PORT = 8400 + offset;
export const S3_PORT = 8401 + offset;
/** The SigV4-verifying proxy in front of s3rver (rejects requests not signed with SIGNED_CREDENTIALS). */
export const SIGNED_PORT = STATIC_PORT + 2;
export const APP_PORT = 4173 + offset;
/** `npm start`'s own server (vite dev), started by e2e/world/demos.spec.ts. */
export const DEV_PORT = 4373 + offset;

export const STATIC_URL = `http://127.0.0.1:${STATIC_PORT}`;
export const S3_URL = `http://127.0.0.1:${S3_PORT}`;
export const SIGNED_URL = `http://127.0.0.1:${SIGNED_PORT}`;
/** s3rver serves bucket `b` as the virtual host `b.s3.localhost` (serviceEndpoint `localhost`). */
export const S3_VHOST_URL = `http://s3.localhost:${S3_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The bucket that holds `fixtures/` and `public/demo/` under the same keys as the static server's paths. */
export const BUCKET = 'zarrview';
/** Test-only credentials the signing proxy accepts (region us-east-1). */
export const SIGNED_REGION = 'us-east-1';
export const SIGNED_CREDENTIALS = {
  accessKeyId: 'AKIDZARRVIEWE2E',
  secretAccessKey: 'e2e-Secret/Key+4vFq9ZtW2',
} as const;
