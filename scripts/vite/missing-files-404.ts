/**
 * A Vite plugin: the dev server and `vite preview` answer 404 for files that do not exist under the given folders
 * of the served site (default `/demo/`), instead of their single-page-app fallback (`index.html` with status 200).
 * Dataset readers probe for metadata that may be absent (`zarr.json` of a v2 store); a fallback page would answer.
 *
 * @example
 * export default defineConfig({ plugins: [react(), missingFiles404(['/demo/'])] });
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `/demo/a%20b/.zattrs?x=1` → `/demo/a b/.zattrs`; undefined when the path does not decode. */
function pathnameOf(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split(/[?#]/)[0] ?? '/');
  } catch {
    return undefined;
  }
}

function notFound(root: () => string, prefixes: readonly string[]): Connect.NextHandleFunction {
  return (req, res, next) => {
    const pathname = pathnameOf(req.url ?? '/');
    if (pathname === undefined || !prefixes.some((p) => pathname.startsWith(p))) return next();
    const base = path.resolve(root());
    const file = path.resolve(base, `.${pathname}`);
    if (file.startsWith(base + path.sep) && isFile(file)) return next();
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(`Not found: ${pathname}\n`);
  };
}

export function missingFiles404(prefixes: readonly string[] = ['/demo/']): Plugin {
  let publicDir = 'public';
  let outDir = 'dist';
  return {
    name: 'zarrview:missing-files-404',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Added directly (not returned): runs before Vite's own middlewares, including the fallback.
    configureServer(server) {
      server.middlewares.use(notFound(() => publicDir, prefixes));
    },
    configurePreviewServer(server) {
      server.middlewares.use(notFound(() => outDir, prefixes));
    },
  };
}
