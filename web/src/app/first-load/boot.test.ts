import { describe, expect, it, vi } from 'vitest';
import { bootFirstLoad, type BootConfig } from './boot';
import { requestFirstFeedPage } from '../../features/feed/api/first-page-request';

const config: BootConfig = {
  api: { url: 'http://api.test', anonKey: 'anon', pageSize: 20 },
  storageKey: 'sb-api-auth-token',
  cotilleoKey: 'cotilleoMode',
  feedPaths: { '/': 'recent', '/chismes/': 'recent', '/chismes/top/': 'top' },
  preload: ['/assets/supabase.js', '/assets/feed.js'],
  expiryMarginMs: 90_000,
  handoffName: '__firstFeed',
};

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function fakeWindow(pathname: string, stored: Record<string, string>) {
  const head = document.createElement('head');
  const win = {
    location: { pathname },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: { createElement: (tag: string) => document.createElement(tag), head },
  } as unknown as Window & Record<string, unknown>;
  return { win, head };
}

const preloads = (head: HTMLElement) => [...head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('first-load script', () => {
  it('on a feed with a fresh stored session, preloads the feed chunks and asks for the first page', () => {
    const { win, head } = fakeWindow('/chismes/top', { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }), cotilleoMode: 'true' });
    const page = Promise.resolve([{ id: 'c-1' }]);
    const request = vi.fn(() => page);
    bootFirstLoad(config, request, win);
    expect(preloads(head)).toEqual(['/assets/supabase.js', '/assets/feed.js']);
    expect(request).toHaveBeenCalledWith(config.api, 'jwt', 'top', true);
    expect(win.__firstFeed).toMatchObject({ tab: 'top', cotilleo: true, page });
  });

  it('keeps the rows once they have arrived', async () => {
    const { win } = fakeWindow('/chismes/', { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }) });
    const page = Promise.resolve([{ id: 'c-1' }]);
    bootFirstLoad(config, () => page, win);
    await page;
    await Promise.resolve();
    expect(win.__firstFeed).toMatchObject({ rows: [{ id: 'c-1' }] });
  });

  it('does nothing without a stored session or away from a feed', () => {
    const request = vi.fn(() => Promise.resolve([]));
    const signedOut = fakeWindow('/chismes/', {});
    bootFirstLoad(config, request, signedOut.win);
    const login = fakeWindow('/login', { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }) });
    bootFirstLoad(config, request, login.win);
    expect(request).not.toHaveBeenCalled();
    expect(preloads(signedOut.head)).toEqual([]);
    expect(preloads(login.head)).toEqual([]);
    expect(signedOut.win.__firstFeed).toBeUndefined();
  });

  it('leaves a token about to expire to supabase-js (preloads only)', () => {
    const soon = Math.floor(Date.now() / 1000) + 30;
    const { win, head } = fakeWindow('/', { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: soon }) });
    const request = vi.fn(() => Promise.resolve([]));
    bootFirstLoad(config, request, win);
    expect(preloads(head)).toHaveLength(2);
    expect(request).not.toHaveBeenCalled();
    expect(win.__firstFeed).toBeUndefined();
  });

  it('survives a malformed stored session', () => {
    const { win } = fakeWindow('/chismes/', { 'sb-api-auth-token': '{broken' });
    expect(() => bootFirstLoad(config, vi.fn(), win)).not.toThrow();
    expect(win.__firstFeed).toBeUndefined();
  });

  it('is self-contained, so it can be inlined into index.html', async () => {
    const { win } = fakeWindow('/chismes/', { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }) });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('[]')));
    // Recreated from source text only, as the inlined script is: no outside name can be used.
    const boot = new Function(`return (${bootFirstLoad.toString()})`)() as typeof bootFirstLoad;
    const request = new Function('fetch', `return (${requestFirstFeedPage.toString()})`)(fetchMock) as typeof requestFirstFeedPage;
    boot(config, request, win);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect((win.__firstFeed as { page: Promise<unknown> }).page).resolves.toEqual([]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/rest/v1/rpc/get_feed?p_tab=recent&p_cotilleo=false&p_limit=20');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ apikey: 'anon', authorization: 'Bearer jwt' });
  });
});
