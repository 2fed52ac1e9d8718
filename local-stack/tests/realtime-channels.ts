// What the Realtime contract tests do with channels: join and wait for the join's answer, wait
// for a broadcast with a bound, and a realtime.messages policy that exists only while one
// describe block runs (every private-channel test authorises its own topics).
import { after, before } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { sleep, sql } from './helpers.ts';

/** A private channel on the user's own client, which joins with the user's token. */
export async function privateChannel(user: { client: SupabaseClient; token: string }, topic: string): Promise<RealtimeChannel> {
  await user.client.realtime.setAuth(user.token);
  return user.client.channel(topic, { config: { private: true } });
}

/** Joins; resolves with the join's answer: SUBSCRIBED, CHANNEL_ERROR (with the server's reason) or TIMED_OUT. */
export function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve({ status, error });
    });
  });
}

/** The join's status alone. */
export const subscribed = async (channel: RealtimeChannel): Promise<string> => (await subscribe(channel)).status;

/** The next broadcast with this event on the channel (register it before the join). */
export function nextBroadcast(channel: RealtimeChannel, event: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => channel.on('broadcast', { event }, (message) => resolve(message)));
}

/** The promise's value, or undefined when it takes longer than `ms`. */
/**
 * The promise's value, or undefined after `ms`. A deadline says "never came", not how fast:
 * it is long enough for a loaded shared machine, and speed is the benches' (bench/README.md).
 */
export const within = <T>(promise: Promise<T>, ms = DELIVERY_DEADLINE_MS): Promise<T | undefined> => Promise.race([promise, sleep(ms).then(() => undefined)]);

export const DELIVERY_DEADLINE_MS = 10_000;

/**
 * In a describe block: the policy `name` on realtime.messages (`definition`: what follows the
 * table in `create policy`) exists from before its first test until after its last, when the
 * channels of every client put in the returned list are removed too.
 */
export function realtimePolicy(name: string, definition: string): SupabaseClient[] {
  const clients: SupabaseClient[] = [];
  before(async () => {
    await sql(`drop policy if exists ${name} on realtime.messages`);
    await sql(`create policy ${name} on realtime.messages ${definition}`);
  });
  after(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await sql(`drop policy if exists ${name} on realtime.messages`);
  });
  return clients;
}
