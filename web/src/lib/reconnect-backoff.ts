// When Realtime drops every socket at once (a network blip, a Realtime restart), each browser
// reconnects and then rejoins its channels (at most three: a head topic, its notifications, a
// chisme's or the moderators' topic). supabase-js's default waits the same 1, 2, 5, 10 s
// everywhere, so 10,000 browsers would rejoin in the same second: 30,000 joins against hosted
// Realtime's 2,500 a second (Team). Here the first try waits a random time in 1–16 s (30,000
// joins spread over 15 s: 2,000 a second), and each later try up to twice as long, at most 60 s
// (docs/scaling.md, "Reconnects"). The channels' catch-up reads on join repair what was missed.
export const MIN_WAIT_MS = 1_000;
export const FIRST_CAP_MS = 16_000;
export const MAX_CAP_MS = 60_000;

/** How long to wait before reconnect try `tries` (1, 2, …): uniform in [1 s, cap], the cap
 * doubling from 16 s to at most 60 s. */
export function reconnectAfterMs(tries: number, random: () => number = Math.random): number {
  const cap = Math.min(MAX_CAP_MS, FIRST_CAP_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(MIN_WAIT_MS + random() * (cap - MIN_WAIT_MS));
}
