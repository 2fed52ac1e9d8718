import { describe, expect, it } from 'vitest';
import { peekEarly, rememberEarly, takeEarly, wantsEarly } from './early-request';

describe('early requests', () => {
  it('hands a fresh request to the first taker only', async () => {
    rememberEarly('a', Promise.resolve([1]), 1_000);
    const taken = takeEarly('a', 2_000);
    expect(await taken).toEqual([1]);
    expect(takeEarly('a', 2_000)).toBeUndefined();
  });

  it('drops a request older than 10 s', () => {
    rememberEarly('b', Promise.resolve([]), 1_000);
    expect(takeEarly('b', 11_001)).toBeUndefined();
  });

  it('drops a request that failed before anyone took it', async () => {
    const failed = Promise.reject(new Error('offline'));
    rememberEarly('c', failed, Date.now());
    await failed.catch(() => undefined);
    await Promise.resolve();
    expect(takeEarly('c')).toBeUndefined();
  });

  it('gives nothing for a key never asked for', () => {
    expect(takeEarly('never')).toBeUndefined();
  });

  it('shows an answer that has arrived without taking the request', async () => {
    const answer = Promise.resolve([7]);
    rememberEarly('d', answer, 1_000);
    expect(peekEarly('d', 1_500)).toBeUndefined();
    await answer;
    await Promise.resolve();
    expect(peekEarly('d', 1_500)).toEqual([7]);
    expect(peekEarly('d', 11_001)).toBeUndefined();
    expect(await takeEarly('d', 1_500)).toEqual([7]);
    expect(peekEarly('d', 1_500)).toEqual([7]);
  });

  it('never hands out a request remembered after the screen asked itself', async () => {
    // The screen's fetcher ran first (nothing early yet) and fetched on its own...
    expect(takeEarly('e', 1_000)).toBeUndefined();
    expect(wantsEarly('e')).toBe(false);
    // ... so a first page asked for later (older than a later refetch needs) is never used.
    rememberEarly('e', Promise.resolve(['stale']), 1_500);
    expect(takeEarly('e', 2_000)).toBeUndefined();
    expect(peekEarly('e', 2_000)).toBeUndefined();
  });

  it('wants a request only for a key nobody asked for yet', () => {
    expect(wantsEarly('f')).toBe(true);
    rememberEarly('f', new Promise(() => undefined), 1_000);
    expect(wantsEarly('f')).toBe(false);
  });
});
