// supabase-js channels stood in for jsdom (no socket): records the topics joined and each
// channel's broadcast handlers, and lets a test deliver a broadcast or a join status, to every
// joined channel or to one topic (a topic nobody joined receives nothing, as on the server).
import { act } from 'react';
import { vi } from 'vitest';

type Handler = (message: { payload: unknown }) => void;
type Joined = { topic: string; handlers: Map<string, Handler>; onStatus?: (status: string) => void };

const joined = new Set<Joined>();

export const fakeRealtime = {
  /** every topic ever joined, in order */
  topics: [] as string[],
  removeChannel: vi.fn((channel: { joined?: Joined }) => {
    if (channel.joined) joined.delete(channel.joined);
    return Promise.resolve('ok' as const);
  }),
  channel(topic: string) {
    fakeRealtime.topics.push(topic);
    const entry: Joined = { topic, handlers: new Map() };
    joined.add(entry);
    const channel = {
      joined: entry,
      on: (_type: string, { event }: { event: string }, handler: Handler) => {
        entry.handlers.set(event, handler);
        return channel;
      },
      subscribe: (callback?: (status: string) => void) => {
        entry.onStatus = callback;
        return channel;
      },
    };
    return channel;
  },
  /** the topics joined now */
  joinedTopics: () => [...joined].map((entry) => entry.topic),
  reset() {
    joined.clear();
    fakeRealtime.topics.length = 0;
    fakeRealtime.removeChannel.mockClear();
  },
  emit: (event: string, payload: unknown) => act(() => [...joined].forEach((entry) => entry.handlers.get(event)?.({ payload }))),
  /** Delivers on one topic only; returns how many channels received it. */
  emitTo: (topic: string, event: string, payload: unknown) => {
    const receivers = [...joined].filter((entry) => entry.topic === topic && entry.handlers.has(event));
    act(() => receivers.forEach((entry) => entry.handlers.get(event)!({ payload })));
    return receivers.length;
  },
  status: (status: string) => act(() => [...joined].forEach((entry) => entry.onStatus?.(status))),
};
