// Every RPC call of the app goes through `rpc`: its name, arguments and answer are typed from the
// generated lib/database.ts (`npm run db:types`, never hand-edited), and a refusal becomes an
// ApiError with the database's key. An answer the generator can only call `Json` or a composite
// type with nullable fields is checked where it arrives (lib/answer-shape.ts), never cast.
// supabase-js is imported when a call runs, so no screen's static graph carries it
// (app/first-screens-static-graph.test.ts). Only features' api files call it
// (architecture.test.ts).
import { toApiError } from './api-error';
import type { Database } from './database';

type Functions = Database['public']['Functions'];

export type RpcName = keyof Functions;
/** The generator's argument types, each also null: a PostgreSQL function takes null for any
 * argument (the write RPCs read it as "not given", e.g. add_comment's parent of a root comment),
 * and the generator cannot say so. Over GET a null would travel as the text "null": read calls
 * pass their arguments through lib/get-args.ts, which leaves nulls out. */
export type RpcArgs<N extends RpcName> = { [K in keyof Functions[N]['Args']]: Functions[N]['Args'][K] | null };
/** The generator's answer type, or null: a PostgreSQL function's result has no NOT NULL, so a
 * scalar or single-row answer may be null (get_chisme of a chisme the caller may not see,
 * get_thread_mute of a thread that is not theirs). A set is never null (PostgREST answers []). */
export type RpcAnswer<N extends RpcName> = Functions[N]['Returns'] | null;

/** `get`: over GET, which hosted Supabase may serve from a read replica (reads only; pass the
 * arguments through lib/get-args.ts, docs/api.md "Reads over GET"). */
export async function rpc<N extends RpcName>(name: N, args: RpcArgs<N>, options?: { get: boolean }): Promise<RpcAnswer<N>> {
  const { supabase } = await supabaseModule();
  const { data, error } = await supabase.rpc(name, args, options);
  if (error) throw toApiError(error);
  return data;
}

// One import for every call: a screen's first reads start together, and they share the module
// instead of each asking the loader for it.
let loading: Promise<typeof import('./supabase')> | undefined;
function supabaseModule(): Promise<typeof import('./supabase')> {
  loading ??= import('./supabase');
  return loading;
}
