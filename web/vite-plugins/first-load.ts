// Inlines app/first-load/boot.ts into index.html: on a feed URL with a stored session, the
// chunks the feed needs and its first page are asked for while the HTML is still parsing,
// instead of one round trip after another once the entry chunk has run (see boot.ts).
import type { Plugin, Rollup } from 'vite';
import { bootFirstLoad, type BootConfig } from '../src/app/first-load/boot.ts';
import { handoffName, screenHandoffName } from '../src/app/first-load/handoff.ts';
import { requestRpc } from '../src/app/first-load/request-rpc.ts';
import { chismeKeys } from '../src/features/chisme/api/chisme-keys.ts';
import { profileKeys } from '../src/features/profile/api/profile-keys.ts';
import { authStorageKeyFor, sessionExpiryMarginMs } from '../src/config/auth-storage-key.ts';
import { limits } from '../src/config/limits.ts';
import { feedTabs, paths } from '../src/config/paths.ts';
import { cotilleoStorageKey } from '../src/config/storage-keys.ts';
import { requestFirstFeedPage } from '../src/features/feed/api/first-page-request.ts';

/**
 * Modules whose chunks stand between the entry and a feed's first rows. Not supabase-js: with
 * the first page fetched here and the session read from storage, the feed renders without it,
 * and it loads after the rows (lib/auth.tsx, the api files and realtime hooks import it).
 */
const feedModules = ['/src/features/feed/api/get-feed.ts', '/src/app/routes/feed.tsx', '/src/app/layout/feed-tabs.tsx'];
/** The same for a shared link and for /profile/ (their data comes from the script too). */
const chismeModules = ['/src/app/routes/chisme.tsx', '/src/app/layout/feed-tabs.tsx'];
const profileModules = ['/src/app/routes/profile.tsx', '/src/app/layout/feed-tabs.tsx'];

/** The chunks of `roots` and everything they import statically, minus what the entry already loads. */
export function feedPreloads(bundle: Rollup.OutputBundle, base: string, modules: string[] = feedModules): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Rollup.OutputChunk[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      chunk.imports.forEach((name) => visit(byName.get(name)));
    };
    roots.forEach(visit);
    return seen;
  };
  const roots = modules.map((id) => {
    const chunk = chunks.find((c) => c.moduleIds.some((moduleId) => moduleId.replace(/\\/g, '/').endsWith(id)));
    // A renamed or inlined module would silently drop the preload: fail the build instead.
    if (!chunk) throw new Error(`first-load: no chunk for ${id}; update feedModules in vite-plugins/first-load.ts`);
    return chunk;
  });
  const loadedByEntry = closure(chunks.filter((chunk) => chunk.isEntry));
  return [...closure(roots)].filter((name) => !loadedByEntry.has(name)).map((name) => `${base}${name}`);
}

export function firstLoad(api: { url: string; anonKey: string }): Plugin {
  let base = '/';
  return {
    name: 'chismes-first-load',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const config: BootConfig = {
          api: { url: api.url, anonKey: api.anonKey, pageSize: limits.feedPageSize },
          storageKey: authStorageKeyFor(api.url),
          cotilleoKey: cotilleoStorageKey,
          feedPaths: { [paths.home]: 'recent', ...Object.fromEntries(feedTabs.map((tab) => [paths.feed[tab], tab])) },
          // The dev server has no bundle: there the modules load on demand as usual.
          preload: context.bundle ? feedPreloads(context.bundle, base) : [],
          expiryMarginMs: sessionExpiryMarginMs,
          handoffName,
          screens: [
            {
              pattern: '^/chismes/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/$',
              rpc: 'get_chisme',
              keyName: chismeKeys.one('')[0],
              shape: 'id',
              preload: context.bundle ? feedPreloads(context.bundle, base, chismeModules) : [],
            },
            {
              pattern: `^${paths.profile}$`,
              rpc: 'get_my_chismes',
              keyName: profileKeys.myChismes('', false)[0],
              shape: 'mine',
              preload: context.bundle ? feedPreloads(context.bundle, base, profileModules) : [],
            },
          ],
          screenHandoffName,
        };
        // '<' escaped so no value can close the script element.
        const json = JSON.stringify(config).replace(/</g, '\\u003c');
        const script = `<script>(${bootFirstLoad.toString()})(${json}, ${requestFirstFeedPage.toString()}, window, ${requestRpc.toString()});</script>`;
        // Before the first stylesheet: a classic script waits for every stylesheet above it, and
        // this one must not wait for the CSS. After the entry's own tags, which keep their place
        // in the download queue.
        const stylesheet = html.search(/<link[^>]+rel="stylesheet"/);
        return stylesheet < 0 ? html.replace('</head>', `${script}\n</head>`) : `${html.slice(0, stylesheet)}${script}\n    ${html.slice(stylesheet)}`;
      },
    },
  };
}
