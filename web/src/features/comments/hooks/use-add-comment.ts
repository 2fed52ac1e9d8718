// Send a comment with the spec's toasts; a new root comment bumps the chisme's counter locally.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { comments as texts } from '../../../i18n/es/comments';
import { errorMessage } from '../../../lib/api-error';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { toast } from '../../../lib/toast';
import type { ThreadComment } from '../../../types/api';
import { addComment, type NewComment } from '../api/add-comment';

export function useAddComment(onAdded: (comment: ThreadComment) => void) {
  const { cache, mutate } = useSWRConfig();
  const [sending, setSending] = useState(false);

  async function send(input: NewComment): Promise<boolean> {
    setSending(true);
    try {
      const comment = await addComment(input);
      onAdded(comment);
      if (!input.parentId) {
        patchChismeEverywhere(cache, mutate, input.chismeId, (c) => ({ ...c, comments: c.comments + 1 }));
      }
      toast.success(texts.success);
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
