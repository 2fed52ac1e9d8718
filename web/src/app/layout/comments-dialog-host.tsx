// The comments dialog with what it needs from the chisme feature (features never import each
// other, so the app composes them): the chisme's text and mode above the thread, and its fresh
// counters after a comment. Its own lazily loaded chunk, like every dialog (./dialog-host.tsx).
import { CommentsDialog } from '../../features/comments/components/comments-dialog';
import { useChisme } from '../../features/chisme/hooks/use-chisme';
import { useRefreshChismeCounts } from '../../features/chisme/hooks/use-refresh-chisme-counts';

type Props = { chismeId: string; onClose: () => void; cotilleo: boolean; country: string | null };

export function CommentsDialogHost({ chismeId, onClose, cotilleo, country }: Props) {
  const { chisme, isLoading, error } = useChisme(chismeId);
  const refreshCounts = useRefreshChismeCounts();
  return (
    <CommentsDialog
      chismeId={chismeId}
      chisme={chisme}
      missing={!isLoading && !error && !chisme}
      onClose={onClose}
      cotilleo={cotilleo}
      country={country}
      onCommented={refreshCounts}
    />
  );
}
