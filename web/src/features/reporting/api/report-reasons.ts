// The list of report reasons (public.report_reasons: data moderators edit). supabase-js is
// imported when the list is read (lib/rpc.ts explains why): the report dialog sits on every
// chisme card of the first screen.
import { toApiError } from '../../../lib/api-error';

export type ReportReason = { code: string; label: string; rule: string; illegal: boolean; legal_ground: string | null };

export const reportReasonsKey = ['report-reasons'] as const;

export async function getReportReasons(): Promise<ReportReason[]> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase
    .from('report_reasons')
    .select('code, label, rule, illegal, legal_ground')
    .eq('active', true)
    .order('position')
    .order('code');
  if (error) throw toApiError(error);
  return data;
}
