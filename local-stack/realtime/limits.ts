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

// Presence limits of Realtime (lib/realtime_web/channels/realtime_channel.ex and
// realtime_channel/presence_handler.ex, with the defaults of config/runtime.exs and
// lib/realtime/api/tenant.ex). Exceeding one closes the channel with the real reason.

/** Per joined channel: at most CLIENT_PRESENCE_MAX_CALLS presence messages per window (5 per 30 s). */
export const CLIENT_PRESENCE_MAX_CALLS = 5;
export const CLIENT_PRESENCE_WINDOW_MS = 30_000;

export class ClientPresenceLimit {
  private counter = 0;
  private resetAt: number | undefined;

  /** limit_client_presence_event: a new window starts with this call; past max_calls the call is refused. */
  admit(now = Date.now()): boolean {
    if (this.resetAt === undefined || now > this.resetAt) {
      this.counter = 1;
      this.resetAt = now + CLIENT_PRESENCE_WINDOW_MS;
      return true;
    }
    if (this.counter >= CLIENT_PRESENCE_MAX_CALLS) return false;
    this.counter += 1;
    return true;
  }
}

/** Per project: `max_presence_events_per_second` (default 1000), compared with a RateCounter average. */
export const MAX_PRESENCE_EVENTS_PER_SECOND = 1000;
const TICK_MS = 5000;
const MAX_BUCKETS = 12;

/**
 * Realtime.RateCounter as limit_presence_event reads it: events counted per 5 s tick, the average
 * over the last 12 ticks compared with the limit; tracks and state syncs count.
 */
export class PresenceRate {
  private readonly buckets: number[] = [];
  private current = 0;
  private tickAt: number | undefined;

  constructor(private readonly limit = MAX_PRESENCE_EVENTS_PER_SECOND) {}

  private roll(now: number): void {
    if (this.tickAt !== undefined && now - this.tickAt > MAX_BUCKETS * TICK_MS) {
      this.buckets.length = 0;
      this.current = 0;
      this.tickAt = undefined;
    }
    this.tickAt ??= now + TICK_MS;
    while (now >= this.tickAt) {
      this.buckets.unshift(this.current);
      this.buckets.length = Math.min(this.buckets.length, MAX_BUCKETS);
      this.current = 0;
      this.tickAt += TICK_MS;
    }
  }

  admit(now = Date.now()): boolean {
    this.roll(now);
    const average = this.buckets.length === 0 ? 0 : this.buckets.reduce((sum, count) => sum + count, 0) / this.buckets.length;
    if (average > this.limit) return false;
    this.current += 1;
    return true;
  }
}

/** Tenants.validate_payload_size: max_payload_size_in_kb (3000) × 1000 plus 500 bytes of padding. */
export const MAX_TRACK_PAYLOAD_BYTES = 3000 * 1000 + 500;
