// Channel `moderation` (private, moderators only by RLS): every new report refreshes the queue
// (`onReport` revalidates the loaded queue pages).
import { useEffect, useRef } from 'react';
import { supabase } from '../../../lib/supabase';

export function useModerationRealtime(enabled: boolean, onReport: () => void) {
  const latest = useRef(onReport);
  latest.current = onReport;
  useEffect(() => {
    if (!enabled) return;
    const channel = supabase
      .channel('moderation', { config: { private: true } })
      .on('broadcast', { event: 'report_created' }, () => {
        latest.current();
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [enabled]);
}
