// An unread notification is marked read 3 seconds after it is shown.
import { useEffect, useRef } from 'react';
import { limits } from '../../../config/limits';

export function useAutoMarkRead(isRead: boolean, markRead: () => Promise<void>) {
  const latest = useRef(markRead);
  latest.current = markRead;
  useEffect(() => {
    if (isRead) return;
    const timer = setTimeout(() => {
      latest.current().catch((error: unknown) => console.error('mark read failed', error));
    }, limits.notificationAutoReadMs);
    return () => clearTimeout(timer);
  }, [isRead]);
}
