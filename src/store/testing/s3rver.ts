/**
 * A real S3-protocol server (s3rver 3.7.1) for tests, in a child process started with
 * `--openssl-legacy-provider` (its list pagination needs it), listing as AWS does (s3rver-child.mjs). Buckets are created at start, with a CORS
 * configuration when `cors` is set (browsers need it). s3rver does not verify signatures: put
 * `startSigV4Proxy` (sigv4-proxy.ts) in front of it to check them.
 *
 * @example
 * const s3 = await startS3rver({ buckets: ['data'], cors: true });
 * await s3.put('data', 'ds.zarr/.zgroup', '{"zarr_format":2}');
 * // … new S3Store({ endpoint: s3.url, bucket: 'data', key: 'ds.zarr', region: 'us-east-1' })
 * await s3.stop();
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface S3rverHandle {
  /** `http://127.0.0.1:<port>` (path-style endpoint). */
  readonly url: string;
  /** Uploads an object by an unsigned PUT. */
  put(bucket: string, key: string, body: Uint8Array | string): Promise<void>;
  /** Uploads every file below `folder` as `prefix/<relative path>`; returns the number of files. */
  putFolder(bucket: string, prefix: string, folder: string): Promise<number>;
  stop(): Promise<void>;
}

export interface S3rverOptions {
  readonly buckets: readonly string[];
  readonly cors?: boolean;
  /** Fixed port (default: chosen by the OS). */
  readonly port?: number;
  /** Also serve bucket `b` as the virtual host `b.s3.localhost`. */
  readonly vhost?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export async function startS3rver(options: S3rverOptions): Promise<S3rverHandle> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zv-s3rver-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      path.join(here, 's3rver-child.mjs'),
      dir,
      options.buckets.join(','),
      options.cors ? '1' : '0',
      String(options.port ?? 0),
      options.vhost ? '1' : '0',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const put = async (bucket: string, key: string, body: Uint8Array | string) => {
    const target = `${url}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const res = await fetch(target, { method: 'PUT', body: typeof body === 'string' ? body : Buffer.from(body) });
    if (!res.ok) throw new Error(`PUT ${target}: ${res.status} ${await res.text()}`);
  };
  return {
    url,
    put,
    putFolder: async (bucket, prefix, folder) => {
      const files: string[] = [];
      for await (const f of walk(folder)) files.push(f);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < files.length) {
          const f = files[next++] as string;
          const rel = path.relative(folder, f).split(path.sep).join('/');
          await put(bucket, prefix ? `${prefix.replace(/\/$/, '')}/${rel}` : rel, await fs.readFile(f));
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      return files.length;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
