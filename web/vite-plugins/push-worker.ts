import { build, type Plugin } from 'vite';

/**
 * Builds the service worker's push part (src/features/push/worker/push-sw.ts) on its own as
 * one classic script, `push-sw.js` beside the app, which the Workbox worker loads with
 * `importScripts` (vite.config.ts). A second build, because importScripts takes no ES modules
 * and the app's chunks are modules.
 */
export function pushWorker(entry: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'chismes-push-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry, formats: ['iife'], name: 'chismesPush', fileName: () => 'push-sw.js' },
        },
      });
    },
  };
}
