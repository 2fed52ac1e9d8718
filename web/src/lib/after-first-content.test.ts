import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstContent, resetFirstContent } from './after-first-content';

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
