// Send a comment with the spec's toasts, then refresh the chisme's counters everywhere.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { comments as texts } from '../../../i18n/es/comments';
import { errorMessage } from '../../../lib/api-error';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { openCrisisSupport } from '../../../hooks/use-dialogs';
import { toast } from '../../../lib/toast';
import type { ThreadComment } from '../../../types/api';
import { addComment, type NewComment } from '../api/add-comment';
import { getChisme } from '../api/get-chisme';

export function useAddComment(onAdded: (comment: ThreadComment) => void) {
  const { cache, mutate } = useSWRConfig();
  const [sending, setSending] = useState(false);

  async function send(input: NewComment): Promise<boolean> {
    setSending(true);
    try {
      const comment = await addComment(input);
      onAdded(comment);
      // Counters come from the database (a live event may already have arrived), never +1 here.
      getChisme(input.chismeId, { primary: true })
        .then((fresh) => fresh && patchChismeEverywhere(cache, mutate, fresh.id, (c) => ({ ...c, likes: fresh.likes, comments: fresh.comments })))
        .catch((error: unknown) => console.error('refresh chisme counters failed', error));
      toast.success(texts.success);
      if (comment.crisis) openCrisisSupport(false); // the author sees the support card at once
      return true;
    } catch (error) {
      toast.error(errorMessage(error, texts.errors.send));
      return false;
    } finally {
      setSending(false);
    }
  }

  return { send, sending };
}
