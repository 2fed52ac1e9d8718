// The public transparency report (docs/decisions/0037-transparency-report.md): one RPC, over
// GET, signed out too; the answer is JSON checked where it arrives.
import { expectAnswer } from '../../../lib/answer-shape';
import { rpc } from '../../../lib/rpc';

/** A published count: a number, or null for 1 to 4 (never published, so no one is singled out). */
export type Count = number | null;

export type MonthFigures = {
  month: string;
  reports: { total: Count; by_reason: Record<string, Count>; by_source: { signed_in: Count; signed_out: Count; moderator: Count } };
  decisions: {
    total: Count;
    by_kind: { hidden: Count; deleted: Count; suspended: Count; dismissed: Count };
    automated: Count;
    human: Count;
    median_hours_to_decision: number | null;
  };
  complaints: { received: Count; decided: Count; reversed: Count };
  suspensions: Count;
  word_filter_refusals: Count;
};

export type TransparencyReport = {
  generated_at: string;
  small_count_threshold: number;
  reasons: { code: string; label: string; illegal: boolean }[];
  months: MonthFigures[];
};

/** The envelope is checked; the months are the database's one function's JSON, read as documented (docs/api.md). */
function isReport(value: unknown): value is TransparencyReport {
  if (typeof value !== 'object' || value === null) return false;
  const months: unknown = Reflect.get(value, 'months');
  return (
    typeof Reflect.get(value, 'small_count_threshold') === 'number' &&
    Array.isArray(Reflect.get(value, 'reasons')) &&
    Array.isArray(months) &&
    months.every((month: unknown) => typeof month === 'object' && month !== null && typeof Reflect.get(month, 'month') === 'string')
  );
}

export const transparencyKey = ['transparency'] as const;

export async function getTransparencyReport(): Promise<TransparencyReport> {
  return expectAnswer(await rpc('get_transparency_report', {}, { get: true }), isReport, 'get_transparency_report');
}
