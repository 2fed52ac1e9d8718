// Report a chisme with a reason from the list and an optional explanation
// (docs/decisions/0035-notice-and-action.md). supabase-js is imported when a report is sent
// (lib/rpc.ts), so the feed's cards do not need it loaded to render.
import { rpc } from '../../../lib/rpc';

export async function reportChisme(chismeId: string, reason: string, explanation: string): Promise<void> {
  await rpc('report_chisme', { p_chisme_id: chismeId, p_reason: reason, p_explanation: explanation || null });
}
