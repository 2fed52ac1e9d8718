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
  screens: [
    { pattern: '^/chismes/([0-9a-f-]{36})/$', rpc: 'get_chisme', keyName: 'chisme', shape: 'id', preload: ['/assets/chisme.js'] },
    { pattern: '^/profile/$', rpc: 'get_my_chismes', keyName: 'my-chismes', shape: 'mine', preload: ['/assets/profile.js'] },
  ],
  screenHandoffName: '__firstScreen',
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
    const { win, head } = fakeWindow('/chismes/top', {
      'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }),
      cotilleoMode: 'true',
    });
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

  it('on a shared link, preloads its chunks and asks for the chisme under the key its fetcher takes', async () => {
    const id = '0b7c3c1e-5f7a-4c39-9a4e-2f1d7a9c8e11';
    const { win, head } = fakeWindow(`/chismes/${id}`, { 'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: inAnHour() }) });
    const page = Promise.resolve({ id });
    const requestRpc = vi.fn(() => page);
    const requestPage = vi.fn(() => Promise.resolve([]));
    bootFirstLoad(config, requestPage, win, requestRpc);
    expect(preloads(head)).toEqual(['/assets/chisme.js']);
    expect(requestPage).not.toHaveBeenCalled();
    expect(requestRpc).toHaveBeenCalledWith(config.api, 'jwt', 'get_chisme', { p_id: id });
    expect(win.__firstScreen).toMatchObject({ key: JSON.stringify(['chisme', id]), page });
    await page;
    await Promise.resolve();
    expect(win.__firstScreen).toMatchObject({ rows: { value: { id } } });
    expect(win.__firstFeed).toBeUndefined();
  });

  it("on /profile/, asks for the own chismes of the stored mode under the user's key", () => {
    const stored = { access_token: 'jwt', expires_at: inAnHour(), user: { id: 'u-1' } };
    const { win, head } = fakeWindow('/profile', { 'sb-api-auth-token': JSON.stringify(stored), cotilleoMode: 'true' });
    const requestRpc = vi.fn(() => Promise.resolve([]));
    bootFirstLoad(config, vi.fn(), win, requestRpc);
    expect(preloads(head)).toEqual(['/assets/profile.js']);
    expect(requestRpc).toHaveBeenCalledWith(config.api, 'jwt', 'get_my_chismes', { p_cotilleo: true });
    expect(win.__firstScreen).toMatchObject({ key: JSON.stringify(['my-chismes', 'u-1', true]) });
  });

  it('asks for nothing on a malformed link, another page or with a token about to expire', () => {
    const requestRpc = vi.fn(() => Promise.resolve(null));
    const fresh = JSON.stringify({ access_token: 'jwt', expires_at: inAnHour(), user: { id: 'u-1' } });
    const malformed = fakeWindow('/chismes/not-a-uuid', { 'sb-api-auth-token': fresh });
    bootFirstLoad(config, vi.fn(), malformed.win, requestRpc);
    const notifications = fakeWindow('/notifications/', { 'sb-api-auth-token': fresh });
    bootFirstLoad(config, vi.fn(), notifications.win, requestRpc);
    const soon = fakeWindow('/profile/', {
      'sb-api-auth-token': JSON.stringify({ access_token: 'jwt', expires_at: Math.floor(Date.now() / 1000) + 30, user: { id: 'u-1' } }),
    });
    bootFirstLoad(config, vi.fn(), soon.win, requestRpc);
    expect(requestRpc).not.toHaveBeenCalled();
    expect(malformed.win.__firstScreen).toBeUndefined();
    expect(preloads(soon.head)).toEqual(['/assets/profile.js']);
  });
});
