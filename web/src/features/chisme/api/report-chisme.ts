// Report a chisme (the interface always sends "Contenido inapropiado"). supabase-js is imported
// when a report is sent (lib/rpc.ts), so the feed's cards do not need it loaded to render.
import { chisme } from '../../../i18n/es/chisme';
import { rpc } from '../../../lib/rpc';

export async function reportChisme(chismeId: string): Promise<void> {
  await rpc('report_chisme', { p_chisme_id: chismeId, p_reason: chisme.report.reason });
}
