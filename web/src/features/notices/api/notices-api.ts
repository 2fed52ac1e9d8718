// Signed-out notices (docs/api.md "Signed-out notices"): both calls are POST writes of the
// anon role; a refusal becomes an ApiError with the database's key (lib/rpc.ts).
import { rpc } from '../../../lib/rpc';

export type NoticeKind = 'chisme' | 'comment';

export async function submitNotice(kind: NoticeKind, id: string, reason: string, explanation: string, email: string): Promise<void> {
  await rpc('submit_notice', { p_kind: kind, p_id: id, p_reason: reason, p_explanation: explanation, p_email: email });
}

export async function confirmNotice(token: string): Promise<void> {
  await rpc('confirm_notice', { p_token: token });
}
