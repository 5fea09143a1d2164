/**
 * s3rver (the S3 REST protocol) for end-to-end tests, in a child process, with buckets that carry a CORS
 * configuration and objects uploaded from local folders by plain PUT requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface S3Server {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startS3(port: number, buckets: string[]): Promise<S3Server> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zarrview-s3rver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(here, 's3rver-child.mjs'), String(port), dir, buckets.join(',')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const actual = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Uploads every file below `folder` to `bucket` under `prefix` (object key = prefix + relative path). */
export async function uploadFolder(s3: S3Server, bucket: string, folder: string, prefix: string): Promise<number> {
  const files: string[] = [];
  for await (const f of walk(folder)) files.push(f);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      const key = prefix + path.relative(folder, file).split(path.sep).map(encodeURIComponent).join('/');
      const res = await fetch(`${s3.url}/${bucket}/${key}`, { method: 'PUT', body: await fs.readFile(file) });
      if (!res.ok) throw new Error(`PUT ${key}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return files.length;
}
