/**
 * Loopback ports of the end-to-end servers (all bind 127.0.0.1). `ZARRVIEW_E2E_PORT_OFFSET` shifts all three, so
 * two checkouts can run their end-to-end tests at the same time.
 */
const offset = Number(process.env.ZARRVIEW_E2E_PORT_OFFSET ?? 0) || 0;
export const STATIC_PORT = 8400 + offset;
export const S3_PORT = 8401 + offset;
export const APP_PORT = 4173 + offset;

export const STATIC_URL = `http://127.0.0.1:${STATIC_PORT}`;
export const S3_URL = `http://127.0.0.1:${S3_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The bucket that holds `fixtures/` and `public/demo/` under the same keys as the static server's paths. */
export const BUCKET = 'zarrview';
