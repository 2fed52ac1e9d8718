// supabase-js channels stood in for jsdom (no socket): records the topics joined and each
// broadcast event's handler, and lets a test deliver a broadcast or a join status.
import { act } from 'react';
import { vi } from 'vitest';

type Handler = (message: { payload: unknown }) => void;

const handlers = new Map<string, Handler>();
let onStatus: ((status: string) => void) | undefined;

export const fakeRealtime = {
  topics: [] as string[],
  removeChannel: vi.fn(() => Promise.resolve('ok' as const)),
  channel(topic: string) {
    fakeRealtime.topics.push(topic);
    const channel = {
      on: (_type: string, { event }: { event: string }, handler: Handler) => {
        handlers.set(event, handler);
        return channel;
      },
      subscribe: (callback?: (status: string) => void) => {
        onStatus = callback;
        return channel;
      },
    };
    return channel;
  },
  reset() {
    handlers.clear();
    onStatus = undefined;
    fakeRealtime.topics.length = 0;
    fakeRealtime.removeChannel.mockClear();
  },
  emit: (event: string, payload: unknown) => act(() => handlers.get(event)?.({ payload })),
  status: (status: string) => act(() => onStatus?.(status)),
};
