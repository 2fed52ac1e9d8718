// What index.html's first-load script (./boot.ts) leaves for the app: the feed's first page,
// already requested. main.tsx takes it once (app/early-feed.ts).
export type FirstFeedHandoff = {
  tab: string;
  cotilleo: boolean;
  at: number;
  /** The page's rows (rejects when the API refused). */
  page: Promise<unknown>;
  /** The rows, once they have arrived: the feed's first render can show them at once. */
  rows?: unknown;
};

export const handoffName = '__chismesFirstFeed';

export function takeFirstFeed(win: Window): FirstFeedHandoff | undefined {
  return takeHandoff<FirstFeedHandoff>(win, handoffName);
}

/** What the first-load script leaves for a shared link or the profile: one early request by key. */
export type FirstScreenHandoff = { key: string; at: number; page: Promise<unknown>; rows?: { value: unknown } };

export const screenHandoffName = '__chismesFirstScreen';

export function takeFirstScreen(win: Window): FirstScreenHandoff | undefined {
  return takeHandoff<FirstScreenHandoff>(win, screenHandoffName);
}

/** Reads a handoff the first-load script left on the window, once: it is removed as it is taken. */
function takeHandoff<T>(win: Window, name: string): T | undefined {
  const slot = win as unknown as Record<string, T | undefined>;
  const handoff = slot[name];
  delete slot[name];
  return handoff;
}
