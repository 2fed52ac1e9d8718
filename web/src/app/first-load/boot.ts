// index.html's first-load script (inlined by web/vite-plugins/first-load.ts; it runs while the
// HTML is parsed, before the entry chunk has even downloaded). On a feed URL with a stored
// session it
// 1. preloads the chunks the feed needs beyond the entry (supabase-js, the feed route, its
//    cards): without this they are only asked for once the entry has run, ~1 s later on a
//    phone, one round trip after another;
// 2. asks for the feed's first page with the stored access token, when the token is not about
//    to expire (then supabase-js refreshes it first, and the app asks as before). The app takes
//    the response through ./handoff.ts instead of asking again.
// Inlined with Function.prototype.toString, so it must stay self-contained: no imports, no
// outside names; `requestPage` is passed in (features/feed/api/first-page-request.ts).
import type { FirstPageApi } from '../../features/feed/api/first-page-request';

export type BootConfig = {
  api: FirstPageApi;
  storageKey: string;
  cotilleoKey: string;
  /** Feed paths, each ending in '/', to their tab. */
  feedPaths: Record<string, string>;
  /** Built chunks the feed loads after the entry (absolute URLs). */
  preload: string[];
  /** supabase-js refreshes a token this close to its expiry before using it. */
  expiryMarginMs: number;
  handoffName: string;
};

type RequestPage = (api: FirstPageApi, accessToken: string, tab: string, cotilleo: boolean) => Promise<unknown>;

export function bootFirstLoad(config: BootConfig, requestPage: RequestPage, win: Window = window): void {
  try {
    const path = win.location.pathname.endsWith('/') ? win.location.pathname : `${win.location.pathname}/`;
    const tab = Object.prototype.hasOwnProperty.call(config.feedPaths, path) ? config.feedPaths[path] : undefined;
    const stored = win.localStorage.getItem(config.storageKey);
    if (!tab || !stored) return;
    const preload = () => {
      for (const href of config.preload) {
        const link = win.document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        win.document.head.appendChild(link);
      }
    };
    let session: { access_token?: unknown; expires_at?: unknown } = {};
    try {
      session = JSON.parse(stored) as typeof session;
    } catch {
      session = {};
    }
    const fresh = typeof session.expires_at === 'number' && session.expires_at * 1000 - Date.now() > config.expiryMarginMs;
    if (typeof session.access_token !== 'string' || !fresh) {
      preload();
      return;
    }
    let cotilleo = false;
    try {
      cotilleo = JSON.parse(win.localStorage.getItem(config.cotilleoKey) ?? 'false') === true;
    } catch {
      cotilleo = false;
    }
    // The API request first: it is the longest wait, on another origin than the chunks.
    const handoff: { tab: string; cotilleo: boolean; at: number; page: Promise<unknown>; rows?: unknown } = {
      tab,
      cotilleo,
      at: Date.now(),
      page: requestPage(config.api, session.access_token, tab, cotilleo),
    };
    // The rows are kept as soon as they arrive; a refusal is simply not used (the app asks again).
    handoff.page.then((rows) => (handoff.rows = rows), () => undefined);
    (win as unknown as Record<string, unknown>)[config.handoffName] = handoff;
    preload();
  } catch {
    // Storage refused or a malformed session: the app starts as if this script had not run.
  }
}
