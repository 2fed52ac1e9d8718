// Which group topics a screen is joined to, given the cards it shows. A group is joined while
// at least one of its cards is on screen and left a while after the last one went (scrolling
// back and forth does not join again and again: hosted Realtime limits joins per second and
// channels per connection, docs/scaling.md). Knows nothing of Supabase: `open` joins.
export type Open = (topic: string) => () => void;

export const LEAVE_AFTER_MS = 10_000;
/** Hosted Realtime allows 100 channels per connection; the rest of the app uses a few. */
export const MAX_GROUPS = 80;

export class LiveGroups {
  private readonly joined = new Map<string, { close: () => void; leaveTimer?: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly open: Open,
    private readonly leaveAfterMs = LEAVE_AFTER_MS,
  ) {}

  /** Joins the topics wanted now; schedules leaving the others. */
  want(topics: Iterable<string>): void {
    const wanted = new Set(topics);
    for (const topic of wanted) {
      const current = this.joined.get(topic);
      if (current) {
        clearTimeout(current.leaveTimer);
        current.leaveTimer = undefined;
      } else if (this.joined.size < MAX_GROUPS) {
        this.joined.set(topic, { close: this.open(topic) });
      }
    }
    for (const [topic, entry] of this.joined) {
      if (wanted.has(topic) || entry.leaveTimer) continue;
      entry.leaveTimer = setTimeout(() => {
        entry.close();
        this.joined.delete(topic);
      }, this.leaveAfterMs);
    }
  }

  topics(): string[] {
    return [...this.joined.keys()];
  }

  close(): void {
    for (const entry of this.joined.values()) {
      clearTimeout(entry.leaveTimer);
      entry.close();
    }
    this.joined.clear();
  }
}
