/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { firstLoad } from './vite-plugins/first-load.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pushWorker } from './vite-plugins/push-worker.ts';
import { requireSupabaseProject, supabaseTarget } from './vite-plugins/supabase-target.ts';

/**
 * `<link rel="preconnect">` to the API origin in index.html, so DNS, TCP and TLS are done while
 * the entry chunk loads and the first API call (session refresh, feed) starts on a warm
 * connection. `crossorigin`: supabase-js's fetches are CORS requests without credentials.
 * The origin is the app's Supabase project (vite-plugins/supabase-target.ts).
 */
function preconnectToApi(apiUrl: string): Plugin {
  return {
    name: 'chismes-preconnect-api',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: '' }, injectTo: 'head-prepend' }],
  };
}

/**
 * React Router 7's package exports resolve to its development build in every bundle, dev
 * warnings and checks included (remix-run/react-router#12532, #14102); its production build
 * ships beside it. A build uses that one: less JS to download and evaluate before a first paint.
 */
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) },
        { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')) },
      ]
    : [];

/**
 * The service worker (Workbox through vite-plugin-pwa): it precaches the app shell (index.html)
 * and the content-hashed chunks and CSS, so a returning person's first paint does not wait for
 * the network, and nothing else. No runtime caching at all: API answers (`/rest/`, `/auth/`,
 * `/storage/`, `/functions/`, `/realtime/`, another origin anyway) and images — a cotilleo image
 * must never outlive its window — always go to the network. A new build's worker takes over at
 * once (skipWaiting, clientsClaim) and drops the old precache; a tab still on the old build
 * then finds its next chunk gone and reloads (lib/stale-chunk.ts). Registered by
 * app/service-worker.ts after the first screen has painted; docs/deploy.md gives its headers.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    manifest: false, // public/manifest.webmanifest
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/(rest|auth|storage|functions|realtime)\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      inlineWorkboxRuntime: true,
      // the push part (notifications shown, taps opening threads): src/features/push/worker
      importScripts: ['push-sw.js'],
    },
  });
}

export default defineConfig(({ mode, command }) => {
  const viteEnv = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  const { url: apiUrl, anonKey } = supabaseTarget(viteEnv);
  return {
    plugins: [
      requireSupabaseProject(viteEnv),
      react(),
      preconnectToApi(apiUrl),
      firstLoad({ url: apiUrl, anonKey }),
      precompress(),
      pushWorker(fileURLToPath(new URL('./src/features/push/worker/push-sw.ts', import.meta.url))),
      serviceWorker(),
    ],
    // src/config/env.ts reads these two: in a build the values given (requireSupabaseProject),
    // in the dev server and the tests the local stack's unless given.
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(apiUrl),
      'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(anonKey),
    },
    resolve: { alias: reactRouterProduction(command) },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: {
      sourcemap: false,
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically in one chunk: left to the automatic
          // splitting, the modules it shares with lazy screens came as ~11 small chunks, each
          // its own request (six at a time per host on HTTP/1.1) before the first render.
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      css: false,
      // A shared 2-core machine: Mantine in jsdom plus userEvent typing can be slow under load.
      testTimeout: 20000,
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
