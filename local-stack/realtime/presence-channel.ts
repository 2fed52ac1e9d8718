// A channel's Presence messages, as RealtimeWeb.RealtimeChannel and its PresenceHandler answer
// them (local-stack/CONTRACT.md §3.8): `track` / `untrack` pushes, the `presence_state` sync at
// join, `presence_diff` to the topic's members, untracking on leave and disconnect, the limits,
// and on private channels the RLS policies on realtime.messages with extension = 'presence'.
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import { authorize } from './authorize.ts';
import type { Frame } from './frames.ts';
import { MAX_TRACK_PAYLOAD_BYTES, PresenceRate } from './limits.ts';
import { PresenceRegistry, type PresenceDiff } from './presence.ts';
import type { Channel, Client } from './realtime.ts';

export interface PresenceHost {
  pool: pg.Pool;
  clients: Iterable<Client>;
  send(client: Client, frame: Frame): void;
  reply(client: Client, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void;
  /** shutdown_response: a system error, then the channel is closed */
  closeChannel(client: Client, channel: Channel, message: string): void;
}

/** Public and private channels of one name are different topics (Tenants.tenant_topic). */
const topicOf = (channel: Channel): string => `${channel.isPrivate ? 'private' : 'public'}:${channel.name}`;

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createPresence(host: PresenceHost) {
  const registry = new PresenceRegistry<Channel>();
  const rate = new PresenceRate();

  /** Private channels: presence_diff and presence_state only to members allowed to read presence. */
  const mayRead = (channel: Channel): boolean => !channel.isPrivate || channel.presenceRead === true;

  function broadcastDiff(channel: Channel, diff: PresenceDiff): void {
    for (const client of host.clients) {
      const member = client.channels.get(channel.topic);
      if (!member || member.isPrivate !== channel.isPrivate || !mayRead(member)) continue;
      host.send(client, { joinRef: null, ref: null, topic: channel.topic, event: 'presence_diff', payload: { ...diff } });
    }
  }

  /** After a join with presence enabled: the topic's state, counted against the project's rate. */
  function sync(client: Client, channel: Channel): void {
    if (!channel.presenceEnabled || !mayRead(channel)) return;
    if (!rate.admit()) {
      host.closeChannel(client, channel, 'Too many presence messages per second');
      return;
    }
    host.send(client, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'presence_state', payload: registry.state(topicOf(channel)) });
  }

  /** Leave, close or disconnect: the member's meta leaves. */
  function forget(channel: Channel): void {
    const diff = registry.untrack(topicOf(channel), channel);
    if (diff) broadcastDiff(channel, diff);
  }

  async function track(client: Client, channel: Channel, frame: Frame): Promise<void> {
    if (channel.isPrivate && channel.presenceWrite === undefined) {
      // Presence enabled by this track: read (if the join skipped it) and write are authorised now.
      if (channel.presenceRead === undefined) channel.presenceRead = (await authorize(host.pool, channel.name, channel.claims, 'presence')).canRead;
      channel.presenceWrite = (await authorize(host.pool, channel.name, channel.claims, 'presence')).canWrite;
    }
    if (channel.isPrivate && !channel.presenceWrite) return host.reply(client, frame, 'error', {});
    const payload = 'payload' in frame.payload ? frame.payload.payload : {};
    if (!isMap(payload)) return host.reply(client, frame, 'error', { reason: 'Presence track payload must be a map' });
    const topic = topicOf(channel);
    const current = registry.current(topic, channel);
    if (current !== undefined && isDeepStrictEqual(current, payload)) return host.reply(client, frame, 'ok', {});
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_TRACK_PAYLOAD_BYTES) return host.closeChannel(client, channel, 'Track message size exceeded');
    if (!rate.admit()) return host.closeChannel(client, channel, 'Too many presence messages per second');
    channel.presenceEnabled = true;
    broadcastDiff(channel, registry.track(topic, channel, channel.presenceKey, payload));
    host.reply(client, frame, 'ok', {});
  }

  /** A `presence` push: `{ type: 'presence', event: 'track' | 'untrack', payload }`. */
  async function handle(client: Client, frame: Frame): Promise<void> {
    const channel = client.channels.get(frame.topic);
    if (!channel) return;
    if (typeof frame.payload.event !== 'string') return host.reply(client, frame, 'ok', {});
    if (!channel.presenceLimit.admit()) return host.closeChannel(client, channel, 'Client presence rate limit exceeded');
    switch (frame.payload.event.toLowerCase()) {
      case 'track':
        return track(client, channel, frame);
      case 'untrack':
        forget(channel);
        return host.reply(client, frame, 'ok', {});
      default:
        return host.reply(client, frame, 'error', {});
    }
  }

  return { handle, sync, forget };
}
