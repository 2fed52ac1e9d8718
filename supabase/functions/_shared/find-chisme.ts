// One chisme as the caller sees it, read with `get_chisme` and the caller's token, so the
// database decides what they may see (RLS, blocks, moderation) and computes `is_mine` from the
// token: the author is not a column anyone can read (anonymity). Shared by the functions that
// act on one chisme's image (chisme-image, chisme-image-url).
import type { Caller } from './caller.ts';
import { CallerRejectedError, isCallerRejected } from './postgrest-errors.ts';
import { createCallerClient } from './supabase-clients.ts';

/** What the image functions need to know of a chisme. */
export interface CallerChisme {
  isMine: boolean;
  cotilleo: boolean;
  fileExist: boolean;
  createdAt: Date;
}

interface GetChismeRow {
  id: string | null;
  is_mine: boolean;
  cotilleo: boolean;
  file_exist: boolean;
  created_at: string;
}

/** The chisme, or null when the caller may not see it or it does not exist. */
export async function findChisme(caller: Caller, chismeId: string): Promise<CallerChisme | null> {
  const { data, error } = await createCallerClient(caller.accessToken)
    .rpc('get_chisme', { p_id: chismeId })
    .maybeSingle<GetChismeRow>();
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    // adults only: another's cotilleo chisme without the adult confirmation is not found here
    // (the image functions never sign or store for it)
    if (error.message === 'chisme_adults_only') return null;
    throw new Error(`get_chisme failed: ${error.code ?? ''} ${error.message}`);
  }
  // "null row when not found": PostgREST renders it as null or as a row of nulls.
  if (!data || data.id === null) return null;
  return { isMine: data.is_mine, cotilleo: data.cotilleo, fileExist: data.file_exist, createdAt: new Date(data.created_at) };
}
