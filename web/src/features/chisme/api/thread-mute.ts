// Muting a thread's notifications (its author or a commenter): the state, null when the thread
// is not the caller's to mute, and the switch, which answers the new state. Only the chisme id
// travels.
import { expectAnswer, isBoolean } from '../../../lib/answer-shape';
import { rpc } from '../../../lib/rpc';

export const threadMuteKeys = { state: (chismeId: string) => ['thread-mute', chismeId] as const };

export function getThreadMute([, chismeId]: ReturnType<typeof threadMuteKeys.state>): Promise<boolean | null> {
  return rpc('get_thread_mute', { p_chisme_id: chismeId });
}

export async function setThreadMute(chismeId: string, muted: boolean): Promise<boolean> {
  return expectAnswer(await rpc('mute_thread', { p_chisme_id: chismeId, p_muted: String(muted) }), isBoolean, 'mute_thread');
}
