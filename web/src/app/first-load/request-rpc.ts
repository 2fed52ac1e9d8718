// A read RPC as a plain fetch with the stored access token, for index.html's first-load script
// (./boot.ts): a shared link's chisme and the profile's own chismes are asked for while the HTML
// parses, as the feed's first page is (features/feed/api/first-page-request.ts). Inlined with
// Function.prototype.toString, so it must stay self-contained: no imports, no outside names.
export type RpcApi = { url: string; anonKey: string };

export type RequestRpc = (api: RpcApi, accessToken: string, name: string, args: Record<string, unknown>) => Promise<unknown>;

/** The RPC's answer, parsed as soon as it arrives; rejects when the API refuses. */
export function requestRpc(api: RpcApi, accessToken: string, name: string, args: Record<string, unknown>): Promise<unknown> {
  return fetch(`${api.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: api.anonKey,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'content-profile': 'public',
    },
    body: JSON.stringify(args),
  }).then((response) => {
    if (!response.ok) throw new Error(`${name} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}
