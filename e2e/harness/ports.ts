/** Fixed loopback ports of the end-to-end servers (all bind 127.0.0.1). */
export const STATIC_PORT = 8400;
export const S3_PORT = 8401;
export const APP_PORT = 4173;

export const STATIC_URL = `http://127.0.0.1:${STATIC_PORT}`;
export const S3_URL = `http://127.0.0.1:${S3_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The bucket that holds `fixtures/` and `public/demo/` under the same keys as the static server's paths. */
export const BUCKET = 'zarrview';
