import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstContent, resetFirstContent, useIdleAfter } from './after-first-content';

/** jsdom's document, with frames and the clock of a page loaded `nowMs` ago. */
function env(nowMs: number) {
  const win = {
    requestAnimationFrame: (callback: FrameRequestCallback) => window.setTimeout(() => callback(0), 0),
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    MutationObserver: window.MutationObserver,
    performance: { now: () => nowMs },
  } as unknown as Window & typeof globalThis;
  return { doc: document, win };
}

const settled = async (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

afterEach(() => {
  resetFirstContent();
  document.body.innerHTML = '';
});

describe('after the first content', () => {
  it('waits for the first card in main, then releases every caller with the same promise', async () => {
    document.body.innerHTML = '<main><div data-testid="skeleton"></div></main>';
    const released = afterFirstContent(env(0));
    expect(afterFirstContent(env(0))).toBe(released);
    expect(await settled(released, 50)).toBe(false);
    document.querySelector('main')!.append(document.createElement('article'));
    expect(await settled(released, 500)).toBe(true);
  });

  it('an article outside main (a dialog) does not count', async () => {
    document.body.innerHTML = '<main></main><div role="dialog"><article></article></div>';
    expect(await settled(afterFirstContent(env(0)), 50)).toBe(false);
  });

  it('releases a screen that never shows a card once the cap has passed', async () => {
    document.body.innerHTML = '<main><p>No hay chismes todavía</p></main>';
    expect(await settled(afterFirstContent(env(2990)), 500)).toBe(true);
  });
});

describe('the next stage, one idle moment later', () => {
  /** A window whose idle callbacks run only when the test says so. */
  function idleWindow() {
    const queued: (() => void)[] = [];
    const win = {
      requestIdleCallback: (callback: () => void) => queued.push(callback),
      cancelIdleCallback: (handle: number) => (queued[handle - 1] = () => {}),
    } as unknown as Window & typeof globalThis;
    return { win, runIdle: () => act(() => queued.splice(0).forEach((run) => run())) };
  }

  it('stays false while the stage before is not done, whatever the idle moments', () => {
    const { win, runIdle } = idleWindow();
    const { result } = renderHook(() => useIdleAfter(false, 1000, win));
    runIdle();
    expect(result.current).toBe(false);
  });

  it('turns true at the first idle moment after the stage before is done, not in the same task', () => {
    const { win, runIdle } = idleWindow();
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready, 1000, win), { initialProps: { ready: false } });
    rerender({ ready: true });
    expect(result.current).toBe(false);
    runIdle();
    expect(result.current).toBe(true);
  });
});
