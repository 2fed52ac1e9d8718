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
  const slot = win as unknown as Record<string, FirstFeedHandoff | undefined>;
  const handoff = slot[handoffName];
  delete slot[handoffName];
  return handoff;
}
