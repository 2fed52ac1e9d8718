// index.html's first-load script (inlined by web/vite-plugins/first-load.ts; it runs while the
// HTML is parsed, before the entry chunk has even downloaded). On a feed URL with a stored
// session it (and likewise on a shared link /chismes/:id and on /profile/, see `screens`)
// 1. preloads the chunks the feed needs beyond the entry (supabase-js, the feed route, its
//    cards): without this they are only asked for once the entry has run, ~1 s later on a
//    phone, one round trip after another;
// 2. asks for the feed's first page with the stored access token, when the token is not about
//    to expire (then supabase-js refreshes it first, and the app asks as before). The app takes
//    the response through ./handoff.ts instead of asking again.
// Inlined with Function.prototype.toString, so it must stay self-contained: no imports, no
// outside names; `requestPage` (features/feed/api/first-page-request.ts) and `requestRpc`
// (./request-rpc.ts) are passed in.
import type { FirstPageApi } from '../../features/feed/api/first-page-request';
import type { RequestRpc } from './request-rpc';

/**
 * A screen other than a feed whose first data the script asks for. Its answer is left under
 * `screenHandoffName` with the key the screen's fetcher takes it by (lib/early-request.ts):
 * JSON of [keyName, ...keyArgs].
 */
export type BootScreen = {
  /** Matched against the path; the first group, if any, is the id passed to the RPC. */
  pattern: string;
  rpc: string;
  keyName: string;
  /** `id`: the path's id as `p_id`; `mine`: the user's own rows, `p_cotilleo` the stored mode. */
  shape: 'id' | 'mine';
  /** Built chunks the screen loads after the entry (absolute URLs). */
  preload: string[];
};

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
  screens: BootScreen[];
  screenHandoffName: string;
};

type RequestPage = (api: FirstPageApi, accessToken: string, tab: string, cotilleo: boolean) => Promise<unknown>;

export function bootFirstLoad(config: BootConfig, requestPage: RequestPage, win: Window = window, requestRpc?: RequestRpc): void {
  try {
    const path = win.location.pathname.endsWith('/') ? win.location.pathname : `${win.location.pathname}/`;
    const tab = Object.hasOwn(config.feedPaths, path) ? config.feedPaths[path] : undefined;
    let screen: BootScreen | undefined;
    let match: RegExpMatchArray | null = null;
    for (const candidate of config.screens ?? []) {
      match = path.match(new RegExp(candidate.pattern, 'i'));
      if (match) {
        screen = candidate;
        break;
      }
    }
    const stored = win.localStorage.getItem(config.storageKey);
    if ((!tab && !screen) || !stored) return;
    const preload = () => {
      for (const href of screen ? screen.preload : config.preload) {
        const link = win.document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        win.document.head.appendChild(link);
      }
    };
    let session: { access_token?: unknown; expires_at?: unknown; user?: { id?: unknown } } = {};
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
    if (screen) {
      const userId = session.user && typeof session.user.id === 'string' ? session.user.id : undefined;
      if (!requestRpc || (screen.shape === 'mine' && !userId)) {
        preload();
        return;
      }
      const key = screen.shape === 'id' ? [screen.keyName, match![1]] : [screen.keyName, userId, cotilleo];
      const args = screen.shape === 'id' ? { p_id: match![1] } : { p_cotilleo: cotilleo };
      const early: { key: string; at: number; page: Promise<unknown>; rows?: { value: unknown } } = {
        key: JSON.stringify(key),
        at: Date.now(),
        page: requestRpc(config.api, session.access_token, screen.rpc, args),
      };
      early.page.then(
        (value) => (early.rows = { value }),
        () => undefined,
      );
      (win as unknown as Record<string, unknown>)[config.screenHandoffName] = early;
      preload();
      return;
    }
    // The API request first: it is the longest wait, on another origin than the chunks.
    const handoff: { tab: string; cotilleo: boolean; at: number; page: Promise<unknown>; rows?: unknown } = {
      tab: tab!,
      cotilleo,
      at: Date.now(),
      page: requestPage(config.api, session.access_token, tab!, cotilleo),
    };
    // The rows are kept as soon as they arrive; a refusal is simply not used (the app asks again).
    handoff.page.then(
      (rows) => (handoff.rows = rows),
      () => undefined,
    );
    (win as unknown as Record<string, unknown>)[config.handoffName] = handoff;
    preload();
  } catch {
    // Storage refused or a malformed session: the app starts as if this script had not run.
  }
}
