// The live part of /chismes/:id (counts and image state, use-chisme-realtime), its own chunk
// with supabase-js's realtime client: app/routes/chisme.tsx mounts it once the chisme has
// painted (lib/after-first-content.ts).
import { useChismeRealtime } from '../../features/chisme/hooks/use-chisme-realtime';
import type { FeedChisme } from '../../lib/feed-chisme';

export function ChismeLive({ chisme }: { chisme: Pick<FeedChisme, 'id' | 'cotilleo' | 'created_at'> }) {
  useChismeRealtime(chisme);
  return null;
}
