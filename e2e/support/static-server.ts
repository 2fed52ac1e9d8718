// Serves the production build of the web app (web/dist) on loopback as a production static host
// does (the hosting contract in web/README.md, "Hosting"):
// - the SPA fallback: unknown paths get index.html, so deep links like /chismes/top work; a
//   missing file under /assets/ is a 404;
// - the build's precompressed copies (x.js.br, x.js.gz, made by web/vite-plugins/precompress.ts)
//   with Content-Encoding when the request accepts them;
// - /assets/ (content-hashed names) cached as immutable for a year; everything else revalidated
//   (no-cache: index.html, the service worker /sw.js, the manifest, icons), so a deploy is seen
//   at the next load. docs/deploy.md gives the same headers for Netlify, Vercel and nginx.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The precompressed copy of `file` the request accepts (brotli first), if the build made one. */
function encodedCopy(file: string, headers: IncomingHttpHeaders): { path: string; encoding: string } | null {
  const accepted = String(headers['accept-encoding'] ?? '');
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepted) && isFile(file + suffix)) return { path: file + suffix, encoding };
  }
  return null;
}

export function serveStatic(rootDir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(rootDir, path);
    const missing = !file.startsWith(rootDir) || !isFile(file);
    // A missing built file (a chunk gone after a deploy) is a 404, as on any static host, even
    // if its .br/.gz copies are left; only app routes fall back to index.html.
    if (missing && path.startsWith('/assets/')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found');
      return;
    }
    if (missing) file = join(rootDir, 'index.html');
    const copy = encodedCopy(file, request.headers);
    const body = copy?.path ?? file;
    response.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(body).size,
      'cache-control': !missing && path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(copy ? { 'content-encoding': copy.encoding } : {}),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(body).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
