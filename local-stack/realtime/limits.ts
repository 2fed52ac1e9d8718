// Hosted Realtime's per-project limits that the web's design depends on (Supabase docs,
// "Realtime Limits"; the reply reasons are the real server's): 100 channels per connection on
// every plan, and channel joins per second (Team plan: 2,500; LOCAL_REALTIME_JOINS_PER_SECOND
// sets another plan's value). A refused join is answered as the real server answers it.
export const MAX_CHANNELS_PER_CLIENT = 100;

const DEFAULT_JOINS_PER_SECOND = 2500;

/** Joins over the last second, across every connection (the limit is per project). */
export class JoinRate {
  private readonly times: number[] = [];
  constructor(private readonly perSecond = Number(process.env.LOCAL_REALTIME_JOINS_PER_SECOND) || DEFAULT_JOINS_PER_SECOND) {}

  admit(now = Date.now()): boolean {
    while (this.times.length > 0 && this.times[0]! <= now - 1000) this.times.shift();
    if (this.times.length >= this.perSecond) return false;
    this.times.push(now);
    return true;
  }
}
