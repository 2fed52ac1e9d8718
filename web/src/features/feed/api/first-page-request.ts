// The feed's first page as a plain fetch of the get_feed RPC: the same request supabase-js makes
// for fetchFeedPage with no filters and no cursor, a GET (a read replica may answer it;
// docs/api.md, "Reads over GET"). It is inlined into index.html's first-load
// script (app/first-load/boot.ts), which runs before any chunk has loaded, so it must stay
// self-contained: no imports, no outside names.
export type FirstPageApi = { url: string; anonKey: string; pageSize: number };

/** The page's rows, parsed as soon as they arrive; rejects when the API refuses. */
export function requestFirstFeedPage(api: FirstPageApi, accessToken: string, tab: string, cotilleo: boolean): Promise<unknown> {
  const query = new URLSearchParams({ p_tab: tab, p_cotilleo: String(cotilleo), p_limit: String(api.pageSize) });
  return fetch(`${api.url}/rest/v1/rpc/get_feed?${query.toString()}`, {
    method: 'GET',
    headers: { apikey: api.anonKey, authorization: `Bearer ${accessToken}`, 'accept-profile': 'public' },
  }).then((response) => {
    if (!response.ok) throw new Error(`get_feed answered ${response.status}`);
    return response.json();
  });
}
