// Send a comment with the spec's toasts, then let the screen refresh the chisme's counters
// (the chisme feature owns that read: features/chisme/hooks/use-refresh-chisme-counts.ts).
import { useCallback, useRef, useState } from 'react';
import { comments as texts } from '../../../i18n/es/comments';
import { errorMessage } from '../../../lib/api-error';
import { openCrisisSupport } from '../../../hooks/use-dialogs';
import { toast } from '../../../lib/toast';
import type { ThreadComment } from '../../../lib/thread-comment';
import { addComment, type NewComment } from '../api/add-comment';

export function useAddComment(onAdded: (comment: ThreadComment) => void, onCommented: (chismeId: string) => void) {
  const [sending, setSending] = useState(false);
  // `send` stays the same function (the memoised form keeps it), calling the latest callbacks
  const latest = useRef({ onAdded, onCommented });
  latest.current = { onAdded, onCommented };

  const send = useCallback(async (input: NewComment): Promise<boolean> => {
    setSending(true);
    try {
      const comment = await addComment(input);
      latest.current.onAdded(comment);
      latest.current.onCommented(input.chismeId);
      // Text about suicide or self-harm: the calm support card at once, without a cheerful toast.
      if (comment.crisis) openCrisisSupport(false);
      else toast.success(texts.success);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, texts.errors.send));
      return false;
    } finally {
      setSending(false);
    }
  }, []);

  return { send, sending };
}
