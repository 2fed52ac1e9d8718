// Brotli and gzip copies of every text file of the build (x.js → x.js.br, x.js.gz), as a static
// host or CDN serves them: the entry chunk is 441 KB raw and 139 KB gzip (~120 KB brotli), and
// on a phone's connection the bytes are most of the wait before the first screen. Hosting
// contract (web/README.md, "Hosting"): serve the .br/.gz beside a file with Content-Encoding when
// the request accepts it, and /assets/ (hashed names) as immutable. No dependency: node:zlib.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain nothing worth a second request path (and fit in one packet anyway). */
const minBytes = 1024;

export function precompress(): Plugin {
  return {
    name: 'chismes-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        // The build manifest (.vite/) is for tools, never served.
        if (!compressible.test(fileName) || fileName.startsWith('.vite/')) continue;
        const path = join(dir, fileName);
        const raw = readFileSync(path);
        if (raw.length < minBytes) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}
