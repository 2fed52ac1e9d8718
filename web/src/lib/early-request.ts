// A request the app started before the screen that needs it mounted: the feed's first page is
// asked for as soon as the session is known, while the feed's chunk is still loading
// (app/early-feed.ts). The screen's fetcher takes it once, if it is fresh; otherwise it fetches.
const maxAgeMs = 10_000;

const pending = new Map<string, { promise: Promise<unknown>; at: number }>();

export function rememberEarly(key: string, promise: Promise<unknown>, now = Date.now()): void {
  pending.set(key, { promise, at: now });
  // A failed early request is simply not used.
  promise.catch(() => {
    if (pending.get(key)?.promise === promise) pending.delete(key);
  });
}

/** The early request for `key`, at most once and only within 10 s of its start. */
export function takeEarly<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const entry = pending.get(key);
  pending.delete(key);
  if (!entry || now - entry.at > maxAgeMs) return undefined;
  return entry.promise as Promise<T>;
}
