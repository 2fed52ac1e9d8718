// "Hace …" labels of spec section 2, kept current by one clock shared by every label on the
// page: one timer however many cards are shown, running only while a label is mounted and
// the page is visible (a hidden tab does no work; it catches up when shown again).
import { useSyncExternalStore } from 'react';
import { time } from '../i18n/es/time';

export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return time.now;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return time.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return time.hours(hours);
  return time.days(Math.floor(hours / 24));
}

/** How often the labels are recomputed: the finest label is the minute, so at most 15 s late. */
export const clockTickMs = 15_000;

const listeners = new Set<() => void>();
let ticks = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  if (document.hidden) return;
  ticks += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(tick, clockTickMs);
    document.addEventListener('visibilitychange', tick);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', tick);
    }
  };
}

const currentTick = () => ticks;

/** The time now, read again at each tick of the shared clock (the tick count is the store's
 * value; the time itself is read when the component renders). */
export function useNow(): number {
  useSyncExternalStore(subscribe, currentTick, currentTick);
  return Date.now();
}

/** The label for `iso`, kept current by the shared clock. */
export function useRelativeTime(iso: string): string {
  return relativeTime(iso, useNow());
}

/** The label as a component, so a tick re-renders only the text, not the card around it. */
export function RelativeTime({ iso }: { iso: string }): string {
  return useRelativeTime(iso);
}
