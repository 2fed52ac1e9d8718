// Where a moderator's removal stands (docs/decisions/0036-statements-and-complaints.md,
// "Removal"): kept out of sight until the complaint window closes (or, with a complaint
// pending, until it is decided), restored by a reversal, deleted for good otherwise.
import type { Statement } from '../api/decisions-api';

export type RemovalStatus = 'kept' | 'kept-for-complaint' | 'restored' | 'purged';

type Fields = Pick<Statement, 'decision' | 'target_kind' | 'reversed_at' | 'complaint_status' | 'complaint_until'>;

export function removalStatus(statement: Fields, now: Date = new Date()): RemovalStatus | null {
  if (statement.decision !== 'deleted' || statement.target_kind === 'account') return null;
  if (statement.reversed_at) return 'restored';
  if (statement.complaint_status === 'pending') return 'kept-for-complaint';
  if (statement.complaint_status === 'upheld' || new Date(statement.complaint_until) <= now) return 'purged';
  return 'kept';
}
