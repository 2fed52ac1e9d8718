import { describe, expect, it } from 'vitest';
import { pushSupport } from './push-support';

const win = (userAgent: string, extra: Record<string, unknown> = {}, standalone = false) =>
  ({
    navigator: { userAgent, platform: '', maxTouchPoints: 0, ...(extra.serviceWorker ? { serviceWorker: {} } : {}), standalone },
    matchMedia: () => ({ matches: standalone }),
    ...extra,
  }) as unknown as Parameters<typeof pushSupport>[0];

describe('pushSupport', () => {
  it('a browser with a service worker, PushManager and notifications is supported', () => {
    expect(pushSupport(win('Chrome', { serviceWorker: true, PushManager: {}, Notification: {} }))).toBe('supported');
  });
  it('Safari on iPhone, not added to the home screen: add it first', () => {
    expect(pushSupport(win('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1'))).toBe('ios-install');
  });
  it('installed on iPhone but still without push (iOS before 16.4): unsupported', () => {
    expect(pushSupport(win('Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X)', {}, true))).toBe('unsupported');
  });
  it('anything else without the APIs is unsupported', () => {
    expect(pushSupport(win('Firefox', { serviceWorker: true }))).toBe('unsupported');
  });
});
