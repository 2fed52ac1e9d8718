import { describe, expect, it, vi } from 'vitest';
import { requestRpc } from './request-rpc';

describe('first-load RPC request', () => {
  it('is self-contained, so it can be inlined into index.html', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"id":"c-1"}')));
    // Recreated from source text only, as the inlined script is: no outside name can be used.
    const request = new Function('fetch', `return (${requestRpc.toString()})`)(fetchMock) as typeof requestRpc;
    await expect(request({ url: 'http://api.test', anonKey: 'anon' }, 'jwt', 'get_chisme', { p_id: 'c-1' })).resolves.toEqual({ id: 'c-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/rest/v1/rpc/get_chisme');
    expect(init.headers).toMatchObject({ apikey: 'anon', authorization: 'Bearer jwt' });
    expect(JSON.parse(String(init.body))).toEqual({ p_id: 'c-1' });
  });

  it('rejects a refusal, so the screen asks again through supabase-js', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"code":"PGRST301"}', { status: 401 })));
    const request = new Function('fetch', `return (${requestRpc.toString()})`)(fetchMock) as typeof requestRpc;
    await expect(request({ url: 'http://api.test', anonKey: 'anon' }, 'jwt', 'get_my_chismes', { p_cotilleo: false })).rejects.toThrow('401');
  });
});
