// Report a chisme (the interface always sends "Contenido inapropiado"). supabase-js is imported
// when a report is sent, so the feed's cards do not need it loaded to render.
import { toApiError } from '../../../lib/api-error';
import { chisme } from '../../../i18n/es/chisme';

export async function reportChisme(chismeId: string): Promise<void> {
  const { supabase } = await import('../../../lib/supabase');
  const { error } = await supabase.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: chisme.report.reason });
  if (error) throw toApiError(error);
}
