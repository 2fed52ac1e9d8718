// Optimistic like/unlike: the counter moves at once and rolls back when the database refuses.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { toast } from '../../../lib/toast';
import type { FeedChisme } from '../../../types/api';
import { likeChisme, unlikeChisme } from '../api/like-chisme';

export function useToggleLike() {
  const { cache, mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);

  async function toggleLike(chisme: FeedChisme): Promise<boolean> {
    const like = !chisme.liked_by_me;
    const before = { liked_by_me: chisme.liked_by_me, likes: chisme.likes };
    const optimistic = { liked_by_me: like, likes: Math.max(0, chisme.likes + (like ? 1 : -1)) };
    const patch = (values: Partial<FeedChisme>) =>
      patchChismeEverywhere(cache, mutate, chisme.id, (c) => ({ ...c, ...values }));
    setPending(true);
    patch(optimistic);
    try {
      const likes = await (like ? likeChisme(chisme.id) : unlikeChisme(chisme.id));
      patch({ liked_by_me: like, likes });
      return true;
    } catch (error) {
      // Spec: like and unlike failures are logged and return false.
      console.error('like failed', error);
      patch(before);
      if (error instanceof ApiError && error.key === 'user_suspended') toast.error(errorMessage(error, ''));
      return false;
    } finally {
      setPending(false);
    }
  }

  return { toggleLike, pending };
}
