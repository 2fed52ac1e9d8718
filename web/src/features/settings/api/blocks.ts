// The caller's blocks: how many people ("N personas bloqueadas") and "Desbloquear a todas".
// Neither names anyone: the database keeps who, the client only ever gets a count.
import { rpc } from '../../../lib/rpc';

export const blockKeys = { count: (userId: string) => ['blocks', userId, 'count'] as const };

export async function getBlockCount(): Promise<number> {
  return (await rpc('get_block_count', {})) ?? 0;
}

export async function unblockAll(): Promise<number> {
  return (await rpc('unblock_all', {})) ?? 0;
}
