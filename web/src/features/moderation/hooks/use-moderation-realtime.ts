// Channel `moderation` (private, moderators only by RLS): every new report refreshes the queue.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { supabase } from '../../../lib/supabase';
import { moderationKeys } from '../api/moderation-keys';

export function useModerationRealtime(enabled: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return;
    const channel = supabase
      .channel('moderation', { config: { private: true } })
      .on('broadcast', { event: 'report_created' }, () => {
        void mutate(moderationKeys.queue);
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [enabled, mutate]);
}
