// A tab left open across a deploy asks for lazy chunks that no longer exist. Reload once to pick
// up the new build; if that already happened a moment ago, let the Spanish error page show.
const key = 'chismes:stale-chunk-reload-at';
const windowMs = 10_000;

const chunkErrorPatterns = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's CSS preload
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return chunkErrorPatterns.some((p) => p.test(message));
}

type Deps = { storage: Pick<Storage, 'getItem' | 'setItem'>; reload: () => void; now: () => number };

const browserDeps = (): Deps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/** Reloads the page unless it was reloaded for a stale chunk in the last 10 s; says whether it did. */
export function reloadForStaleChunk(deps: Deps = browserDeps()): boolean {
  const last = Number(deps.storage.getItem(key) ?? 0);
  const now = deps.now();
  if (now - last < windowMs) return false;
  deps.storage.setItem(key, String(now));
  deps.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's chunk or CSS fails to load. */
export function installStaleChunkReload(target: Window = window, deps?: Deps): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadForStaleChunk(deps)) event.preventDefault();
  });
}
