// Report a chisme (the interface always sends "Contenido inapropiado").
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';
import { chisme } from '../../../i18n/es/chisme';

export async function reportChisme(chismeId: string): Promise<void> {
  const { error } = await supabase.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: chisme.report.reason });
  if (error) throw toApiError(error);
}
