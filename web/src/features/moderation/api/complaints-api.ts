// Complaints (docs/decisions/0036-statements-and-complaints.md): moderators read the pending
// ones and decide each with reasons. No call returns anyone's id.
import { type RpcAnswer, rpc } from '../../../lib/rpc';

export type Complaint = NonNullable<RpcAnswer<'get_complaints'>>[number];
export type ComplaintOutcome = 'upheld' | 'reversed';

export async function getComplaints(): Promise<Complaint[]> {
  return (await rpc('get_complaints', {})) ?? [];
}

export async function decideComplaint(id: string, outcome: ComplaintOutcome, answer: string): Promise<void> {
  await rpc('decide_complaint', { p_id: id, p_outcome: outcome, p_answer: answer });
}
