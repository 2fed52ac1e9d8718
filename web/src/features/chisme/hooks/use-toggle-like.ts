// Optimistic like/unlike: the counter moves at once and rolls back when the database refuses.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../../lib/api-error';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { toast } from '../../../lib/toast';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { likeChisme, unlikeChisme } from '../api/like-chisme';

export function useToggleLike() {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);

  async function toggleLike(chisme: FeedChisme): Promise<boolean> {
    const like = !chisme.liked_by_me;
    const before = { liked_by_me: chisme.liked_by_me, likes: chisme.likes };
    const optimistic = { liked_by_me: like, likes: Math.max(0, chisme.likes + (like ? 1 : -1)) };
    const patch = (values: Partial<FeedChisme>) => patchChismeEverywhere(mutate, chisme.id, (c) => ({ ...c, ...values }));
    setPending(true);
    patch(optimistic);
    try {
      const likes = await (like ? likeChisme(chisme.id) : unlikeChisme(chisme.id));
      patch({ liked_by_me: like, likes });
      return true;
    } catch (error) {
      // Spec: like and unlike failures are logged and return false; the rollback is also said
      // out loud (docs/decisions/0019-resilience-and-installability.md), with the database's message when it has one (e.g. suspension).
      console.error('like failed', error);
      patch(before);
      toast.error(errorMessage(error, like ? texts.card.likeFailed : texts.card.unlikeFailed));
      return false;
    } finally {
      setPending(false);
    }
  }

  return { toggleLike, pending };
}
