// Arguments for a read RPC called over GET (`supabase.rpc(name, getArgs(args), { get: true })`;
// docs/api.md, "Reads over GET"). supabase-js puts each argument in the query string as
// `${value}`: a null would arrive as the text "null" and an array as a Postgres array literal.
// So absent values are left out (the function's default applies) and arrays and objects are
// sent as JSON (the jsonb arguments, e.g. get_feed's tags).
/** What each argument becomes: absent for null, JSON text for arrays and objects. */
type Arg<V> = V extends null | undefined ? undefined : V extends object ? string : V;
export type GetArgs<A> = { [K in keyof A]: Arg<A[K]> };

export function getArgs<A extends Record<string, unknown>>(args: A): GetArgs<A> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    out[name] = typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return out as GetArgs<A>;
}
