// The active report reasons, in their order (lib/report-reasons.ts), read by the notice form.
// supabase-js is imported when the list is read (lib/rpc.ts says why).
import { toApiError } from '../../../lib/api-error';
import { type ReportReason, reportReasonColumns } from '../../../lib/report-reasons';

export async function getReportReasons(): Promise<ReportReason[]> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.from('report_reasons').select(reportReasonColumns).eq('active', true).order('position').order('code');
  if (error) throw toApiError(error);
  return data;
}
