// Work the first screen does not need — supabase-js (auth and realtime), the live effects of
// being signed in, the toast host, a deep link's comment thread — starts only once the screen's
// content has painted: before, its downloads and start-up shared the phone's network and main
// thread with the first rows (bench/HISTORY.md, "Cold first visit on a phone"). The content is the first card
// (`main article`) a feed, a shared link or a profile renders; a screen that never shows one (an
// empty feed, /login, an error) is released after `capMs`. Then one frame for the paint, then
// an idle moment. A screen can stage its deferred parts one idle moment apart (useIdleAfter, which
// renders each in a transition), so no part shares a long task with another.
import { startTransition, useEffect, useState } from 'react';

const capMs = 3000;
const contentSelector = 'main article';

let released: Promise<void> | undefined;

type Env = { doc: Document; win: Window & typeof globalThis };

function idle(win: Env['win'], done: () => void): void {
  // Two frames: the first runs before the paint of what was just committed, the second after.
  win.requestAnimationFrame(() =>
    win.requestAnimationFrame(() => {
      if (win.requestIdleCallback) win.requestIdleCallback(done, { timeout: 1000 });
      else win.setTimeout(done, 0);
    }),
  );
}

function waitForContent({ doc, win }: Env): Promise<void> {
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      win.clearTimeout(cap);
      idle(win, resolve);
    };
    const observer = new win.MutationObserver(() => {
      if (doc.querySelector(contentSelector)) finish();
    });
    const cap = win.setTimeout(finish, Math.max(0, capMs - win.performance.now()));
    if (doc.querySelector(contentSelector)) finish();
    else observer.observe(doc.body, { childList: true, subtree: true });
  });
}

/** Resolves once the first screen's content has painted (or after the cap); the same promise for every caller. */
export function afterFirstContent(env: Env = { doc: document, win: window }): Promise<void> {
  released ??= waitForContent(env);
  return released;
}

/** Tests only: forget the released state. */
export function resetFirstContent(): void {
  released = undefined;
}

/** False until afterFirstContent() resolves: what a component mounts only after the first screen. */
export function useAfterFirstContent(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstContent().then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);
  return ready;
}

/** True once `ready` is true and the main thread has had an idle moment since (at most
 *  `timeoutMs` later): the next stage of a screen's deferred work, e.g. a shared link's live
 *  updates after its comment thread (app/routes/chisme.tsx). Set in a transition: React renders
 *  what it mounts in slices, yielding between them. Not for the release itself
 *  (useAfterFirstContent): on the feed that would join the transition of its remaining rows
 *  (features/feed/hooks/use-progressive-rows.ts) and commit everything at once. */
export function useIdleAfter(ready: boolean, timeoutMs = 1000, win: Window & typeof globalThis = window): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const done = () => startTransition(() => setIdle(true));
    if (win.requestIdleCallback) {
      const handle = win.requestIdleCallback(done, { timeout: timeoutMs });
      return () => win.cancelIdleCallback(handle);
    }
    const handle = win.setTimeout(done, 0);
    return () => win.clearTimeout(handle);
  }, [ready, idle, timeoutMs, win]);
  return ready && idle;
}
