// Appeals are complaints (docs/decisions/0036-statements-and-complaints.md): the author's
// hidden chismes, each with the statement of reasons of its hiding, and whether it was
// complained about. supabase-js is imported when a call runs (lib/rpc.ts): /profile/ renders a
// notice under every own chisme, so a static import would put supabase-js (47 KB as served)
// before the profile's first card (bench/HISTORY.md, "The profile's first card").
import { type RpcAnswer, rpc } from '../../../lib/rpc';

export type HiddenChisme = NonNullable<RpcAnswer<'get_my_hidden_chismes'>>[number];

export const appealKeys = {
  mine: (userId: string) => ['appeals', 'mine', userId] as const,
};

export async function getMyHiddenChismes(): Promise<HiddenChisme[]> {
  return (await rpc('get_my_hidden_chismes', {})) ?? [];
}
