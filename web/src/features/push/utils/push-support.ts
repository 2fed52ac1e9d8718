// Whether this browser can receive Web Push, and if not, why (one line each in i18n/es/push).
// Safari on iPhone and iPad offers push only to a web app added to the home screen
// (iOS/iPadOS 16.4+): there PushManager is missing until then.
export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

type PushWindow = Pick<Window, 'matchMedia'> & { navigator: Navigator & { standalone?: boolean }; PushManager?: unknown; Notification?: unknown };

export function pushSupport(win: PushWindow = window as unknown as PushWindow): PushSupport {
  const nav = win.navigator;
  if ('serviceWorker' in nav && win.PushManager !== undefined && win.Notification !== undefined) return 'supported';
  const apple = /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  const installed = nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
  return apple && !installed ? 'ios-install' : 'unsupported';
}
