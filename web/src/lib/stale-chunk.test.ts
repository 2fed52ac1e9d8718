import { describe, expect, it, vi } from 'vitest';
import { installStaleChunkReload, isChunkLoadError, reloadForStaleChunk } from './stale-chunk';

function deps(now: number, stored: string | null = null) {
  const store = new Map<string, string>(stored === null ? [] : [['chismes:stale-chunk-reload-at', stored]]);
  return {
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    reload: vi.fn(),
    now: () => now,
    store,
  };
}

describe('stale chunk reload', () => {
  it('recognises the browsers’ missing-chunk errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/feed-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/feed.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again later', () => {
    const first = deps(1_000_000);
    expect(reloadForStaleChunk(first)).toBe(true);
    expect(first.reload).toHaveBeenCalledOnce();

    const soon = deps(1_005_000, first.store.get('chismes:stale-chunk-reload-at') ?? null);
    expect(reloadForStaleChunk(soon)).toBe(false);
    expect(soon.reload).not.toHaveBeenCalled();

    const later = deps(1_020_000, '1000000');
    expect(reloadForStaleChunk(later)).toBe(true);
    expect(later.reload).toHaveBeenCalledOnce();
  });

  it('handles Vite’s preload error event by reloading and stopping the default throw', () => {
    const target = new EventTarget() as Window;
    const d = deps(2_000_000);
    installStaleChunkReload(target, d);
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    expect(d.reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);

    const again = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(again); // within 10 s: let the error reach the Spanish error page
    expect(d.reload).toHaveBeenCalledOnce();
    expect(again.defaultPrevented).toBe(false);
  });
});
