/**
 * A server that serves a folder's files like the static server but sends no Access-Control-* header: what a
 * browser meets at a host that does not allow cross-origin reads. 404 for anything that is not a file under the
 * folder (a path through a file, `x.nc/zarr.json`, included).
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface NoCorsServer {
  readonly url: string;
  stop(): void;
}

export async function startNoCorsServer(root: string): Promise<NoCorsServer> {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let ok: boolean;
    try {
      ok = file.startsWith(root) && statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok) {
      res.statusCode = 404;
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      server.closeAllConnections();
      server.close();
    },
  };
}
