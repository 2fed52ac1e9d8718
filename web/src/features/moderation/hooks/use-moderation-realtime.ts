// Channel `moderation` (private, moderators only by RLS): every new report refreshes the queue
// (`onReport` revalidates the loaded queue pages), and so does each join of the channel.
import { useEffect, useRef } from 'react';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
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
      // a complaint filed (74-statements.sql): the complaints above the queue refresh too
      .on('broadcast', { event: 'complaint_filed' }, () => {
        latest.current();
      })
      // reports filed between the queue's fetch and the join
      .subscribe(catchUpOnJoin(() => latest.current()));
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [enabled]);
}
