// Presence as Realtime serves it (supabase/realtime lib/realtime_web/channels/realtime_channel.ex
// and realtime_channel/presence_handler.ex, on Phoenix.Presence): one tracked meta per joined
// channel under its presence key (`config.presence.key`, a fresh UUID when absent or empty);
// `presence_state` = Phoenix.Presence.group of the topic's metas, `presence_diff` = `{joins, leaves}`
// in the same shape, sent to every member of the topic on each track, update, untrack, leave and
// disconnect. Public and private channels of one name are different topics, as in Realtime.
import { randomBytes, randomUUID } from 'node:crypto';

export type Meta = Record<string, unknown>;
/** Phoenix.Presence.group: key → its metas, each with the tracker's `phx_ref` (and `phx_ref_prev` after an update). */
export type PresenceGroup = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceGroup;
  leaves: PresenceGroup;
}

interface Tracked {
  key: string;
  ref: string;
  meta: Meta;
}

/** Phoenix.Tracker's refs: 8 random bytes, base64. */
const newRef = (): string => randomBytes(8).toString('base64');

/** Join.presence_key: the configured key, or a new UUID when it is absent or "". */
export function presenceKey(config: { key?: unknown } | undefined): string {
  const key = config?.key;
  return typeof key === 'string' && key !== '' ? key : randomUUID();
}

const withRef = ({ meta, ref }: Tracked, prev?: string): Meta => ({ ...meta, phx_ref: ref, ...(prev ? { phx_ref_prev: prev } : {}) });

function group(entries: Iterable<[string, Meta]>): PresenceGroup {
  const result: PresenceGroup = {};
  for (const [key, meta] of entries) {
    result[key] ??= { metas: [] };
    result[key].metas.push(meta);
  }
  return result;
}

/** Every topic's tracked metas; `member` is whatever identifies one joined channel (one socket's join). */
export class PresenceRegistry<Member> {
  private readonly topics = new Map<string, Map<Member, Tracked>>();

  /** presence_state of a topic. */
  state(topic: string): PresenceGroup {
    const tracked = this.topics.get(topic);
    return group([...(tracked?.values() ?? [])].map((entry) => [entry.key, withRef(entry)]));
  }

  /** The payload the member tracks now (to tell an unchanged track, which is a no-op). */
  current(topic: string, member: Member): Meta | undefined {
    return this.topics.get(topic)?.get(member)?.meta;
  }

  /** Track, or update when the member already tracks: the diff to send (an update leaves the old meta and joins the new one). */
  track(topic: string, member: Member, key: string, meta: Meta): PresenceDiff {
    let tracked = this.topics.get(topic);
    if (!tracked) {
      tracked = new Map();
      this.topics.set(topic, tracked);
    }
    const previous = tracked.get(member);
    const entry: Tracked = { key, ref: newRef(), meta };
    tracked.set(member, entry);
    return {
      joins: group([[key, withRef(entry, previous?.ref)]]),
      leaves: previous ? group([[previous.key, withRef(previous)]]) : {},
    };
  }

  /** Untrack (also on leave and disconnect): the diff, or undefined when the member tracked nothing. */
  untrack(topic: string, member: Member): PresenceDiff | undefined {
    const tracked = this.topics.get(topic);
    const previous = tracked?.get(member);
    if (!tracked || !previous) return undefined;
    tracked.delete(member);
    if (tracked.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: group([[previous.key, withRef(previous)]]) };
  }
}
