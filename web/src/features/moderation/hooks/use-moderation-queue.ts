// The moderation queue, kept fresh by the moderators' realtime topic.
import useSWR from 'swr';
import { getModerationQueue } from '../api/moderation-api';
import { moderationKeys } from '../api/moderation-keys';

export function useModerationQueue() {
  const swr = useSWR(moderationKeys.queue, getModerationQueue);
  return { items: swr.data ?? [], error: swr.error as unknown, isLoading: swr.isLoading, mutate: swr.mutate };
}
