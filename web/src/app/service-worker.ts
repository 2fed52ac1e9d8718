// Registers the service worker the build generates (web/vite.config.ts, `serviceWorker`), once
// the first screen has painted: its install downloads every chunk for the next visits, which
// must not compete with this one. Production builds only (the dev server has none).
import { afterFirstContent } from '../lib/after-first-content';

export function registerServiceWorker(nav: Navigator = navigator, ready: Promise<void> = afterFirstContent()): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return Promise.resolve();
  return ready
    .then(() => nav.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }))
    .then(
      () => undefined,
      // No worker (a private window, a blocked script): the app works as before, from the network.
      () => undefined,
    );
}
